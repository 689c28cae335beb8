import Koa from 'koa';
import type { Db } from './db/create-db.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';

export interface AppDeps {
  db: Db;
  config: Config;
  clock?: Clock;
}

/** Builds the Koa app; never listens (main.ts does, tests use app.callback()). */
export function createApp({ db, config, clock = systemClock }: AppDeps): Koa {
  const app = new Koa();
  void db;
  void config;
  void clock;
  return app;
}

import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** The message of the ConfigError loadConfig throws for `env`; fails the test when it accepts it. */
export function configErrorMessage(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

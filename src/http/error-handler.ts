import type Koa from 'koa';
import { AppError, CoreErrors } from './errors.js';

/**
 * First in the chain: renders every thrown error in WordPress's REST error shape. AppErrors
 * carry their status; anything else is a 500 whose details stay in the log, never in the body.
 */
export function errorHandler(log: (error: unknown) => void): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const appError = error instanceof AppError ? error : CoreErrors.internal();
      if (!(error instanceof AppError)) log(error);
      ctx.status = appError.status;
      ctx.type = 'application/json; charset=UTF-8';
      ctx.body = JSON.stringify(appError.toBody());
    }
  };
}

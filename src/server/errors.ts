/**
 * Domain errors: values with a status and a message for the user. The one error handler
 * (plugins/error-handler.ts) turns them into JSON: `{error, fields?}` for the app's API, `{code, msg}`
 * for the exchange-compatible market API.
 */
import { SERVER_MSG } from '../shared/server-messages.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, message, fields);
export const unauthorized = (message: string = SERVER_MSG.loginAgain) => new AppError(401, message);
export const forbidden = (message: string = SERVER_MSG.noAccess) => new AppError(403, message);
export const notFound = (message: string = SERVER_MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string = SERVER_MSG.tooManyRequests) => new AppError(429, message);
export const unavailable = (message: string) => new AppError(503, message);
/** The answer while the database cannot be reached (plugins/error-handler.ts, docs/operations.md). */
export const DATABASE_UNAVAILABLE = SERVER_MSG.unavailable;

/** An error of the exchange-compatible API (/api/v3): answered as the exchange does, `{code, msg}`. */
export class ExchangeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    readonly msg: string,
  ) {
    super(msg);
    this.name = 'ExchangeApiError';
  }

  get body() {
    return { code: this.code, msg: this.msg };
  }
}

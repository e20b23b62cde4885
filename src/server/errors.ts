/**
 * Domain errors: values with a status and a message for the user. The one error handler
 * (plugins/error-handler.ts) turns them into JSON: `{error, fields?}` for the app's API, `{code, msg}`
 * for the exchange-compatible market API.
 */
import { issueMessage, msg, type Message } from '../shared/message.js';
import { SERVER_MSG } from '../shared/server-messages.js';

/** A refusal: its status and the message (with its code, docs/decisions/0076-error-codes.md) per field. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: Message,
    readonly fields?: Record<string, Message>,
  ) {
    super(detail.text);
    this.name = 'AppError';
  }
}

/** Bad input: `message`, and the same message on each field named. */
export const badRequest = (message: Message, fields?: Record<string, Message>) => new AppError(400, message, fields);
export const unauthorized = (message: Message = msg(SERVER_MSG, 'loginAgain')) => new AppError(401, message);
export const forbidden = (message: Message = msg(SERVER_MSG, 'noAccess')) => new AppError(403, message);
export const notFound = (message: Message = msg(SERVER_MSG, 'notFound')) => new AppError(404, message);
export const conflict = (message: Message) => new AppError(409, message);
export const tooManyRequests = (message: Message = msg(SERVER_MSG, 'tooManyRequests')) => new AppError(429, message);
export const unavailable = (message: Message) => new AppError(503, message);
/**
 * A schema's message (a zod issue, or a shared check's plain text) as a Message: the Message the issue
 * carries, else the table text it is (docs/decisions/0076-error-codes.md "Schema messages"). A text in
 * no table has an empty code and goes without one.
 */
export const schemaMessage = (issue: string | { message: string; params?: unknown }): Message =>
  issueMessage(typeof issue === 'string' ? { message: issue } : issue);

/** The answer while the database cannot be reached (plugins/error-handler.ts, docs/operations.md). */
export const DATABASE_UNAVAILABLE = msg(SERVER_MSG, 'unavailable');

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

/**
 * One place maps every failure to `{error, fields?}` (docs/architecture.md section 3), and the market's
 * exchange errors to the exchange's `{code, msg}`: bad input is a 400 with
 * a clear message, domain errors keep their status, a database that cannot be reached is a 503 "briefly
 * unavailable" (docs/operations.md), anything unexpected is a 500 without details.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, unavailableReason } from '../db/errors.js';
import { messageCode } from '../../shared/message-codes.js';
import { SERVER_MSG } from '../../shared/server-messages.js';
import { AppError, DATABASE_UNAVAILABLE, ExchangeApiError } from '../errors.js';

/**
 * The app's error body: the English `error` with its stable `code` and `params` (shared/message-codes.ts)
 * so a client translates it, and each field's message with its code in `field_codes` (docs/decisions/0043-languages.md "##
 * Languages": one way for the whole app). A text in no table goes without a code.
 */
function errorBody(error: string, fields?: Record<string, string>) {
  const match = messageCode(error);
  const fieldCodes = fields
    ? Object.fromEntries(
        Object.entries(fields).flatMap(([name, text]) => {
          const field = messageCode(text);
          return field ? [[name, field]] : [];
        }),
      )
    : undefined;
  return {
    error,
    ...(match ? { code: match.code, ...(match.params ? { params: match.params } : {}) } : {}),
    ...(fields ? { fields } : {}),
    ...(fieldCodes && Object.keys(fieldCodes).length > 0 ? { field_codes: fieldCodes } : {}),
  };
}

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';

export function registerErrorHandler(app: FastifyInstance) {
  // Routes that answer a refusal themselves (`reply.status(401).send({ error })`) get the codes too.
  app.addHook('preSerialization', async (_request, _reply, payload: unknown) => {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const body = payload as { error?: unknown; code?: unknown; fields?: unknown };
    if (typeof body.error !== 'string' || body.code !== undefined) return payload;
    const fields =
      body.fields !== null && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
    return { ...body, ...errorBody(body.error, fields) };
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof ExchangeApiError) return reply.status(error.statusCode).send(error.body);
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??= issue.message ?? SERVER_MSG.invalidValue;
      }
      const first = Object.values(fields)[0] ?? SERVER_MSG.invalidRequest;
      return reply.status(400).send(errorBody(first, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBody(SERVER_MSG.somethingWentWrong));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody(SERVER_MSG.tooManyRequests));
    if (status >= 400 && status < 500) {
      const known: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: SERVER_MSG.invalidJson,
        FST_ERR_CTP_EMPTY_JSON_BODY: SERVER_MSG.emptyBody,
        FST_ERR_CTP_BODY_TOO_LARGE: SERVER_MSG.tooLarge,
        FST_ERR_CTP_INVALID_MEDIA_TYPE: SERVER_MSG.unsupportedType,
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: SERVER_MSG.invalidLength,
        FST_ERR_VALIDATION: error.message,
      };
      return reply
        .status(status)
        .send(errorBody((error.code && known[error.code]) || error.message || SERVER_MSG.badRequest));
    }
    // The database is away (restarting, stopped, unreachable): nothing was changed (the request's
    // transaction, if any, did not commit), so the client may simply try again.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: unavailableReason(error) }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send(errorBody(DATABASE_UNAVAILABLE));
    }
    // Redis is away (REDIS_URL: the rate-limit counts, docs/decisions/0037): a limit that cannot be
    // counted refuses rather than letting the request through unlimited, and the client may retry.
    if (isRedisUnavailable(error)) {
      request.log.warn({ reason: error.message }, 'redis unavailable');
      return reply.status(503).header('retry-after', '2').send(errorBody(DATABASE_UNAVAILABLE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(SERVER_MSG.somethingWentWrong));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(SERVER_MSG.noRoute(request.method, request.url.split('?')[0] ?? '/')));
  });
}

/** ioredis' failures of a command when Redis cannot be reached (retries used up, connection closed). */
function isRedisUnavailable(error: Error): boolean {
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    error.message.startsWith("Stream isn't writeable")
  );
}

/** Whether a parsed value holds a string with a NUL character anywhere inside it. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL characters; a request carrying one in its body, query or path
 * would fail at the database as a 500. Refuse it up front as bad input.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      return reply.status(400).send(errorBody(SERVER_MSG.nulCharacters));
    }
  });
}

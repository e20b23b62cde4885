/**
 * One place maps every failure to `{error, fields?}` (docs/architecture.md section 3), and the market's
 * exchange errors to the exchange's `{code, msg}`: bad input is a 400 with
 * a clear message, domain errors keep their status, a database that cannot be reached is a 503 "briefly
 * unavailable" (docs/operations.md), anything unexpected is a 500 without details.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, unavailableReason } from '../db/errors.js';
import { msg, type Message } from '../../shared/message.js';
import { SERVER_MSG } from '../../shared/server-messages.js';
import { AppError, DATABASE_UNAVAILABLE, ExchangeApiError, schemaMessage } from '../errors.js';

const coded = ({ code, params }: Message) => (code ? { code, ...(params ? { params } : {}) } : {});

/**
 * The app's error body: the English `error` with its stable `code` and `params` so a client translates
 * it, and each field's message with its code in `field_codes` (docs/decisions/0043-languages.md "##
 * Languages", docs/decisions/0076-error-codes.md: the code comes with the message, nothing is looked up).
 */
export function errorBody(error: Message, fields?: Record<string, Message>) {
  const fieldCodes = Object.entries(fields ?? {}).flatMap(([name, field]) =>
    field.code ? [[name, coded(field)]] : [],
  );
  return {
    error: error.text,
    ...coded(error),
    ...(fields
      ? { fields: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.text])) }
      : {}),
    ...(fieldCodes.length > 0 ? { field_codes: Object.fromEntries(fieldCodes) } : {}),
  };
}

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof ExchangeApiError) return reply.status(error.statusCode).send(error.body);
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.detail, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, Message> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        // fastify-type-provider-zod keeps the rest of zod's issue under `params`, its own `params` too.
        const { params } = issue.params as { params?: unknown };
        fields[name] ??= issue.message
          ? schemaMessage({ message: issue.message, params })
          : msg(SERVER_MSG, 'invalidValue');
      }
      const first = Object.values(fields)[0] ?? msg(SERVER_MSG, 'invalidRequest');
      return reply.status(400).send(errorBody(first, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(errorBody(msg(SERVER_MSG, 'somethingWentWrong')));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody(msg(SERVER_MSG, 'tooManyRequests')));
    if (status >= 400 && status < 500) {
      const known: Record<string, Message> = {
        FST_ERR_CTP_INVALID_JSON_BODY: msg(SERVER_MSG, 'invalidJson'),
        FST_ERR_CTP_EMPTY_JSON_BODY: msg(SERVER_MSG, 'emptyBody'),
        FST_ERR_CTP_BODY_TOO_LARGE: msg(SERVER_MSG, 'tooLarge'),
        FST_ERR_CTP_INVALID_MEDIA_TYPE: msg(SERVER_MSG, 'unsupportedType'),
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: msg(SERVER_MSG, 'invalidLength'),
      };
      const message = error.code ? known[error.code] : undefined;
      return reply
        .status(status)
        .send(errorBody(message ?? (error.message ? schemaMessage(error.message) : msg(SERVER_MSG, 'badRequest'))));
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
    return reply.status(500).send(errorBody(msg(SERVER_MSG, 'somethingWentWrong')));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(msg(SERVER_MSG, 'noRoute', request.method, request.url.split('?')[0] ?? '/')));
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
      return reply.status(400).send(errorBody(msg(SERVER_MSG, 'nulCharacters')));
    }
  });
}

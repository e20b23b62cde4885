import { defineMessages } from '../message.js';
/**
 * The `Idempotency-Key` header of money-moving POSTs (docs/architecture.md section 4): a client sends a fresh
 * random key per user action and the same key when it retries that action.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 1-255 visible ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MSG = defineMessages('idempotency', {
  invalidKey: 'Idempotency-Key must be 1-255 visible characters',
  reusedKey: 'This Idempotency-Key was already used for a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please try again.',
} as const);

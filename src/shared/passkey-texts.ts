/**
 * What the passkey screens and the server say (docs/decisions/0022-passkeys.md), one source for both. Kept apart from the
 * schemas in api/passkeys.ts so /login can show them without loading zod.
 */
import { defineMessages } from './message.js';

export const PASSKEY_MSG = defineMessages('passkeys', {
  challengeExpired: 'This passkey request has expired or was already used. Please try again.',
  notVerified: 'The passkey could not be verified. Please try again.',
  signInFailed: 'This passkey could not sign you in. Use another passkey or your password.',
  alreadyRegistered: 'This passkey is already registered',
  notFound: 'Passkey not found',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  unsupported: 'This browser does not support passkeys. Use a current browser, or sign in with your password.',
  cancelled: 'The passkey request was cancelled or timed out.',
  invalidResponse: 'The passkey response is not valid',
} as const);

/**
 * The server's own general answers (plugins/error-handler.ts, errors.ts): refusals that belong to no
 * feature. Kept in a table so they have codes and translations like every other message
 * (message-codes.ts).
 */
import { defineMessages } from './message.js';

export const SERVER_MSG = defineMessages('server', {
  loginAgain: 'Please log in again',
  noAccess: 'You do not have access to this',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  invalidValue: 'Invalid value',
  invalidRequest: 'Invalid request',
  badRequest: 'Bad request',
  invalidJson: 'The request body is not valid JSON',
  emptyBody: 'The request body is empty',
  tooLarge: 'The request is too large',
  unsupportedType: 'Unsupported content type',
  invalidLength: 'Invalid content length',
  staffOnly: 'Staff only',
  nulCharacters: 'Text must not contain NUL characters',
  noRoute: (method: string, path: string) => `No route ${method} ${path}`,
  // The shared input checks of src/shared/api/common.ts.
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  invalidEmail: 'Please enter a valid email address',
  otpRequired: 'OTP is required',
  otpDigits: 'OTP must be 6 digits',
  invalidId: 'Invalid id',
  pageLimit: (max: string) => `limit must be a whole number from 1 to ${max}`,
  notANumber: (label: string) => `${label} must be a number`,
  notAnAmount: (label: string) => `${label} must be a positive number with at most 8 decimals`,
  /** The ledger's refusal of a posting that would take a balance below zero (modules/ledger). */
  insufficientBalance: 'Insufficient balance',
} as const);

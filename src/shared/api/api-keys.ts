/**
 * API keys (docs/decisions/0033-api-keys.md, docs/security.md "API keys", docs/decisions/0033-api-keys.md): a
 * trader's bot signs requests to the exchange-compatible private API (/api/v3) with one. Requests,
 * answers and texts for the server and the Safety Center alike.
 */
import { z } from 'zod';
import { defineMessages, msg, schemaError } from '../message.js';

/** What a key may do. Reading is always on; withdrawals are never offered. */
export const API_KEY_PERMISSIONS = ['read', 'spot', 'lever'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** Most keys one user may have, and most addresses in one key's allowlist. */
export const API_KEYS_MAX = 20;
const IP_ALLOWLIST_MAX = 30;
const API_KEY_LABEL_MAX = 40;

export const API_KEYS_MSG = defineMessages('apiKeys', {
  enterLabel: 'Please give the key a label',
  labelTooLong: `A label has at most ${API_KEY_LABEL_MAX} characters`,
  choosePermissions: 'Permissions must be read, spot or lever',
  noWithdrawals: 'API keys can never withdraw: choose read, spot or lever',
  badIp: 'Each allowed address must be an IPv4 or IPv6 address',
  tooManyIps: `At most ${IP_ALLOWLIST_MAX} allowed addresses`,
  enterCode: 'Please enter the verification code',
  tooManyKeys: `You can have at most ${API_KEYS_MAX} API keys. Delete one you no longer use first.`,
  created: 'API key created. Copy the secret now: it is shown only once.',
  deleted: 'API key deleted',
  enabled: 'API key enabled',
  disabled: 'API key disabled',
  notFound: 'API key not found',
  ended: 'This key ended when your password was reset or your account was locked. Delete it and create a new one.',
  chooseEnabled: 'enabled must be true or false',
} as const);

const permission = z.string({ error: API_KEYS_MSG.choosePermissions }).transform((v, ctx) => {
  const value = v.trim().toLowerCase();
  if (/withdraw/.test(value)) {
    ctx.addIssue({ code: 'custom', message: API_KEYS_MSG.noWithdrawals });
    return z.NEVER;
  }
  if (!(API_KEY_PERMISSIONS as readonly string[]).includes(value)) {
    ctx.addIssue({ code: 'custom', message: API_KEYS_MSG.choosePermissions });
    return z.NEVER;
  }
  return value as ApiKeyPermission;
});

const ipAddress = z
  .string({ error: API_KEYS_MSG.badIp })
  .trim()
  .refine((v) => z.ipv4().safeParse(v).success || z.ipv6().safeParse(v).success, { error: API_KEYS_MSG.badIp });

// ---- POST /api-v1/api-keys/ ----

export const apiKeyBody = z.object({
  label: z
    .string({ error: API_KEYS_MSG.enterLabel })
    .trim()
    .min(1, { error: API_KEYS_MSG.enterLabel })
    .max(API_KEY_LABEL_MAX, { error: API_KEYS_MSG.labelTooLong }),
  /** Reading is always added; the order and repeats do not matter. */
  permissions: z
    .array(permission, { error: API_KEYS_MSG.choosePermissions })
    .max(10, { error: API_KEYS_MSG.choosePermissions })
    .transform((list) => API_KEY_PERMISSIONS.filter((p) => p === 'read' || list.includes(p))),
  ip_allowlist: z
    .array(ipAddress, { error: API_KEYS_MSG.badIp })
    .max(IP_ALLOWLIST_MAX, { error: API_KEYS_MSG.tooManyIps })
    .transform((list) => [...new Set(list)])
    .optional(),
  /** The emailed security code (2FA off) or the authenticator code (2FA on). */
  code: z
    .string({ error: schemaError(msg(API_KEYS_MSG, 'enterCode')) })
    .trim()
    .max(32, { error: schemaError(msg(API_KEYS_MSG, 'enterCode')) })
    .optional(),
  /** A passkey assertion instead of the code, when the user has passkeys. */
  passkey: z.record(z.string(), z.unknown()).optional(),
});
export type ApiKeyBody = z.infer<typeof apiKeyBody>;
export type ApiKeyInput = z.input<typeof apiKeyBody>;

// ---- PATCH /api-v1/api-keys/{id}/ ----

export const apiKeyPatchBody = z.object({
  enabled: z.boolean({ error: schemaError(msg(API_KEYS_MSG, 'chooseEnabled')) }),
});

// ---- answers ----

/** 'active': usable; 'disabled': switched off by the user; 'ended': a password reset or an account lock ended it. */
const API_KEY_STATUSES = ['active', 'disabled', 'ended'] as const;

export const apiKeyInfo = z.object({
  id: z.number(),
  /** The public key, sent as X-MBX-APIKEY. */
  api_key: z.string(),
  label: z.string(),
  permissions: z.array(z.enum(API_KEY_PERMISSIONS)),
  ip_allowlist: z.array(z.string()),
  enabled: z.boolean(),
  status: z.enum(API_KEY_STATUSES),
  ended_reason: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfo>;

export const apiKeyList = z.array(apiKeyInfo);

/** POST's answer: the key with its secret, shown this once. */
export const apiKeyCreated = apiKeyInfo.extend({ message: z.string(), secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyAnswer = z.object({ message: z.string(), key: apiKeyInfo });
export type ApiKeyAnswer = z.infer<typeof apiKeyAnswer>;

/**
 * The api-keys module's tables: API keys, bots' client order ids and listen keys (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { createdAt, userRef } from '../../db/schema.js';
import { spotOrders } from '../spot/schema.js';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * API keys (docs/security.md "API keys", docs/decisions/0033-api-keys.md): the public key
 * a bot sends as X-MBX-APIKEY and its HMAC secret, encrypted at rest (AES-256-GCM, modules/api-keys):
 * the server needs the secret itself to check signatures, so it cannot be a hash. A key works while
 * `enabled` (the user's switch) and not `ended_at` (a password reset or an account lock ended it for good).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    apiKey: text('api_key').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    label: text('label').notNull(),
    /** Of API_KEY_PERMISSIONS: 'read', 'spot', 'lever'; never withdrawals. */
    permissions: text('permissions').array().notNull(),
    /** Addresses the key may be used from; empty: any. */
    ipAllowlist: text('ip_allowlist')
      .array()
      .notNull()
      .default(sql`'{}'`),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'password-reset' or 'password-changed' ('account-locked' on rows a lock ended before decision 0046). */
    endedReason: text('ended_reason'),
  },
  (t) => [
    uniqueIndex('api_keys_api_key_key').on(t.apiKey),
    index('api_keys_user_idx').on(t.userId, t.id),
    check('api_keys_permissions_known', sql`${t.permissions} <@ ARRAY['read', 'spot', 'lever']::text[]`),
    check('api_keys_ended_has_reason', sql`(${t.endedAt} is null) = (${t.endedReason} is null)`),
  ],
);

/** The newClientOrderId a bot gave a spot order through the private API (/api/v3/order). */
export const spotOrderClientIds = pgTable(
  'spot_order_client_ids',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => spotOrders.id),
    userId: userRef(),
    clientOrderId: text('client_order_id').notNull(),
  },
  (t) => [uniqueIndex('spot_order_client_ids_user_client_key').on(t.userId, t.clientOrderId)],
);

/** Listen keys of user data streams (POST /api/v3/userDataStream): valid until `expires_at`, extended by PUT. */
export const apiListenKeys = pgTable(
  'api_listen_keys',
  {
    listenKey: text('listen_key').primaryKey(),
    apiKeyId: bigint('api_key_id', { mode: 'number' })
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('api_listen_keys_api_key_idx').on(t.apiKeyId)],
);

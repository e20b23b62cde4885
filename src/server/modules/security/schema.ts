/**
 * The security module's tables: the account's protections: one-time codes, TOTP, recovery codes, passkeys, lockouts, the address book (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { createdAt, userRef, users } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** One-time codes sent by mail. Only a keyed hash of the code is kept. */
export const otps = pgTable(
  'otps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'reset', 'security'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otps_email_purpose_idx').on(t.email, t.purpose, t.createdAt)],
);

/**
 * A user's TOTP secret (docs/decisions/0021): AES-256-GCM ciphertext, never the secret in
 * clear. Pending (enabled_at null) from setup until a code confirms it; `last_used_step` is the
 * newest 30-second step a code was accepted for, so no code is accepted twice.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes of a user with TOTP on: keyed hashes only; a used code keeps its row. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A sign-in that passed the password and waits for its second factor: the ticket's SHA-256 only,
 * 5 minutes, single use, bound to the user.
 */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    ticketHash: text('ticket_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_tickets_hash_key').on(t.ticketHash), index('login_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * A user's passkeys (WebAuthn credentials, docs/decisions/0022): the public key and the
 * signature counter the authenticator last reported. A passkey signs in on its own and is a second factor.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    /** base64url, as the browser sends it in `id`. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet used: each is good once, for one purpose, for 5 minutes.
 * user_id is null for a passwordless sign-in (the passkey names its user).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    purpose: text('purpose', { enum: ['registration', 'sign-in', 'second-factor'] }).notNull(),
    challenge: text('challenge').notNull(),
    /** Where the options were handed out: the answer must come from this site (PUBLIC_URL, else the request's host). */
    rpId: text('rp_id').notNull(),
    origin: text('origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Wrong passwords and codes, one row each, counted per account over a window (modules/security/lockouts.ts;
 * docs/security.md "## Locks").
 */
export const securityFailures = pgTable(
  'security_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    /** 'sign-in-code': a wrong second factor at sign-in's second step (docs/decisions/0046-sign-in-code-lock.md). */
    kind: text('kind', { enum: ['login-password', 'sign-in-code', 'transaction-password', 'two-factor'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_failures_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    check(
      'security_failures_kind',
      sql`${t.kind} in ('login-password', 'sign-in-code', 'transaction-password', 'two-factor')`,
    ),
  ],
);

/** Locks and cooldowns in force until `locked_until`: one row per user and reason, extended in place. */
export const accountLocks = pgTable(
  'account_locks',
  {
    userId: userRef(),
    reason: text('reason').notNull(),
    scope: text('scope', { enum: ['sign-in', 'withdrawal'] }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'account_locks_pkey', columns: [t.userId, t.reason] }),
    check('account_locks_scope', sql`${t.scope} in ('sign-in', 'withdrawal')`),
  ],
);

/** The user's saved withdrawal addresses (the address book; with the whitelist on, the only ones allowed). */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    currency: text('currency').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('withdrawal_addresses_user_address_key').on(t.userId, t.currency, t.address)],
);

/** Per-user protection switches: the address whitelist and the anti-phishing code shown in every mail. */
export const userSecuritySettings = pgTable('user_security_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  whitelistEnabled: boolean('whitelist_enabled').notNull().default(false),
  antiPhishingCode: text('anti_phishing_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

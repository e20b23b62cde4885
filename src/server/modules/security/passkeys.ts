/**
 * Passkeys (WebAuthn, docs/security.md "Passkeys", docs/decisions/0022): register, list,
 * rename and remove them, sign in with one instead of a password, and prove the second factor with
 * one. @simplewebauthn/server checks the signatures; this module keeps the challenges (single use,
 * 5 minutes, bound to one purpose, one user and the site they were handed out for) and the
 * credentials with their signature counters.
 *
 * The relying party is PUBLIC_URL's host when it is set, else the host the request came to; a
 * challenge remembers both, so the answer is checked against the site that asked for it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  authenticationResponse,
  PASSKEY_MSG,
  type PasskeyView,
  type RegistrationResponse,
  type WebauthnOptions,
} from '../../../shared/api/passkeys.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { passkeys, webauthnChallenges } from './schema.js';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.js';
import { recordFailure, startWithdrawalCooldown, type FailureKind } from './lockouts.js';
import { mailSecondFactorChange, secondFactorChanged, secondFactorMethods } from './factors.js';
import { msg } from '../../../shared/message.js';

/** How long a challenge may be answered (docs/decisions/0022-passkeys.md: 5 minutes). */
const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'Coinfront';

type PasskeyContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>;
type RegistrationContext = PasskeyContext & Pick<AppContext, 'log'>;
type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

/** The site passkeys belong to: its domain (RP ID) and the origin the browser must report. */
export interface RelyingParty {
  rpId: string;
  origin: string;
}

/**
 * PUBLIC_URL when set (production must set it: docs/security.md "Passkeys"), else the protocol and
 * host the request came with (development, tests: `localhost` works over http in browsers).
 */
export function relyingPartyOf(
  config: Pick<AppContext['config'], 'env'>,
  request: { protocol: string; host: string },
): RelyingParty {
  const url = new URL(config.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`);
  return { rpId: url.hostname, origin: url.origin };
}

const viewOf = (row: typeof passkeys.$inferSelect): PasskeyView => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Queryable, userId: number): Promise<PasskeyView[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
  return rows.map(viewOf);
}

/** Hands out a challenge for one purpose; expired ones (of anybody) are swept on the way. */
async function issueChallenge(
  ctx: PasskeyContext,
  rp: RelyingParty,
  purpose: Purpose,
  userId: number | null,
): Promise<{ id: string; challenge: string; bytes: Uint8Array<ArrayBuffer> }> {
  const now = ctx.clock.now();
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const id = randomUUID();
  const bytes = new Uint8Array(randomBytes(32));
  // The options carry it base64url-encoded, and so does the clientDataJSON the browser signs.
  const challenge = Buffer.from(bytes).toString('base64url');
  await ctx.db.insert(webauthnChallenges).values({
    id,
    userId,
    purpose,
    challenge,
    rpId: rp.rpId,
    origin: rp.origin,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
  });
  return { id, challenge, bytes };
}

/**
 * Uses up a challenge: found by its id (sign-in) or by its value (the one the browser signed), for
 * this purpose and user, unexpired and unused. Used up before the answer is checked, so a wrong
 * answer cannot be retried on it either.
 */
async function consumeChallenge(
  ctx: PasskeyContext,
  purpose: Purpose,
  userId: number | null,
  key: { id: string } | { challenge: string },
) {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(webauthnChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        'id' in key ? eq(webauthnChallenges.id, key.id) : eq(webauthnChallenges.challenge, key.challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.consumedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The challenge the browser signed, read from clientDataJSON (checked again by the library). */
function signedChallengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

const credentialsOf = (db: Queryable, userId: number) =>
  db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));

// --- registration ---------------------------------------------------------------------------

/** POST /api-v1/passkeys/registration-options/ (the caller has checked the second factor). */
export async function registrationOptions(
  ctx: PasskeyContext,
  rp: RelyingParty,
  user: { id: number; email: string; firstName: string; lastName: string },
) {
  const { bytes: challenge } = await issueChallenge(ctx, rp, 'registration', user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpId,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    challenge,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The same authenticator twice is refused by the browser itself.
    excludeCredentials: await credentialsOf(ctx.db, user.id),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  return options as unknown as WebauthnOptions;
}

/** POST /api-v1/passkeys/: checks the attestation against the user's registration challenge, saves the key. */
export async function addPasskey(
  ctx: RegistrationContext,
  user: { id: number; email: string },
  name: string,
  response: RegistrationResponse,
): Promise<PasskeyView> {
  const signed = signedChallengeOf(response.response.clientDataJSON);
  const challenge = signed && (await consumeChallenge(ctx, 'registration', user.id, { challenge: signed }));
  if (!challenge) throw badRequest(msg(PASSKEY_MSG, 'challengeExpired'));
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      // Preferred, not required: a key without a PIN still serves as a second factor (sign-in asks for it).
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(msg(PASSKEY_MSG, 'notVerified'));
  }
  if (!verified.verified) throw badRequest(msg(PASSKEY_MSG, 'notVerified'));
  const info = verified.registrationInfo;
  let row;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: info.credential.transports ?? response.response.transports ?? [],
          name,
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
        })
        .returning();
      // The owner's history and mail (docs/decisions/0045-second-factor-guards-itself.md).
      await secondFactorChanged(tx, user.id, { kind: 'passkey_added', name });
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'passkeys_credential_id_key')) throw conflict(msg(PASSKEY_MSG, 'alreadyRegistered'));
    throw error;
  }
  // The passkey is saved: a mail server that is away must not turn that into an error.
  await mailSecondFactorChange(ctx, user.id);
  return viewOf(row!);
}

export async function renamePasskey(db: Queryable, userId: number, id: number, name: string): Promise<PasskeyView> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound(msg(PASSKEY_MSG, 'notFound'));
  return viewOf(row);
}

/** The user's passkey (404 for another user's or none), before a removal asks for its proof. */
export async function assertOwnPasskey(db: Queryable, userId: number, id: number): Promise<void> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  if (!row) throw notFound(msg(PASSKEY_MSG, 'notFound'));
}

/**
 * DELETE /api-v1/passkeys/{id}/ (the caller has checked the proof: docs/decisions/0045). Removing
 * the last second factor is turning 2FA off: it starts the 24-hour withdrawal cooldown (docs/decisions/0022-passkeys.md,
 * "Withdrawal protection"). The owner is told (history and mail).
 */
export async function removePasskey(
  ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'log'>,
  userId: number,
  id: number,
) {
  await ctx.db.transaction(async (tx) => {
    // The user's row is the lock two removals of their last two factors queue on.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!row) throw notFound(msg(PASSKEY_MSG, 'notFound'));
    if ((await secondFactorMethods(tx, userId)).length === 0)
      await startWithdrawalCooldown(tx, ctx, userId, 'two-factor-disabled');
    await secondFactorChanged(tx, userId, { kind: 'passkey_removed', name: row.name });
  });
  await mailSecondFactorChange(ctx, userId);
  return { message: PASSKEY_MSG.removed };
}

// --- assertions -----------------------------------------------------------------------------

/**
 * Checks an assertion with the stored key and moves the signature counter forward. A counter that
 * does not grow (a cloned authenticator, or the same assertion twice) is refused; a conditional
 * update keeps two concurrent uses from both passing.
 */
async function checkAssertion(
  ctx: PasskeyContext,
  challenge: typeof webauthnChallenges.$inferSelect,
  stored: typeof passkeys.$inferSelect,
  response: AuthenticationResponseJSON,
  requireUserVerification: boolean,
): Promise<boolean> {
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      credential: {
        id: stored.credentialId,
        publicKey: Buffer.from(stored.publicKey, 'base64url'),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification,
    });
  } catch {
    return false;
  }
  if (!result.verified) return false;
  const next = result.authenticationInfo.newCounter;
  const [moved] = await ctx.db
    .update(passkeys)
    .set({ counter: next, lastUsedAt: ctx.clock.now() })
    .where(
      and(
        eq(passkeys.id, stored.id),
        // Authenticators that keep no counter always say 0: allowed only while it was 0.
        next === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, next),
      ),
    )
    .returning({ id: passkeys.id });
  return moved !== undefined;
}

/** The assertion as the browser library returns it, or undefined when it is not one. */
const assertionOf = (value: unknown) => {
  const parsed = authenticationResponse.safeParse(value);
  return parsed.success ? (parsed.data as AuthenticationResponseJSON) : undefined;
};

/** POST /api-v1/passkeys/login-options/: any discoverable passkey of this site may answer. */
export async function signInOptions(ctx: PasskeyContext, rp: RelyingParty) {
  const { id, bytes: challenge } = await issueChallenge(ctx, rp, 'sign-in', null);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: 'preferred',
  });
  return { challenge_id: id, options: options as unknown as WebauthnOptions };
}

/**
 * POST /api-v1/passkeys/login/: the user whose passkey signed the challenge. Signing in without a
 * password takes a verified user (PIN or biometrics), so the passkey is two factors in one
 * (docs/decisions/0022). Every failure is the same 401.
 */
export async function verifyPasskeySignIn(
  ctx: PasskeyContext,
  challengeId: string,
  response: unknown,
): Promise<number> {
  const fail = () => unauthorized(msg(PASSKEY_MSG, 'signInFailed'));
  const assertion = assertionOf(response);
  const challenge = await consumeChallenge(ctx, 'sign-in', null, { id: challengeId });
  if (!challenge) throw unauthorized(msg(PASSKEY_MSG, 'challengeExpired'));
  if (!assertion) throw fail();
  const [stored] = await ctx.db.select().from(passkeys).where(eq(passkeys.credentialId, assertion.id));
  if (!stored || !(await checkAssertion(ctx, challenge, stored, assertion, true))) throw fail();
  return stored.userId;
}

/**
 * Options for proving the second factor with a passkey: for a sensitive action of a logged-in user
 * (POST /api-v1/passkeys/assertion-options/) or to finish a sign-in with a login ticket
 * (POST /api-v1/login/2fa/passkey-options/). Only the user's own passkeys are offered.
 */
export async function secondFactorOptions(ctx: PasskeyContext, rp: RelyingParty, userId: number) {
  const allowCredentials = await credentialsOf(ctx.db, userId);
  if (allowCredentials.length === 0) throw badRequest(msg(PASSKEY_MSG, 'notFound'));
  const { bytes: challenge } = await issueChallenge(ctx, rp, 'second-factor', userId);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    allowCredentials,
    userVerification: 'preferred',
  });
  return options as unknown as WebauthnOptions;
}

/**
 * The passkey branch of the second factor (second-factor.ts, and POST /api-v1/login/2fa/ with
 * `passkey`): the assertion must answer a second-factor challenge handed out to this user and be
 * signed by one of their passkeys. A failure counts toward the lock as `failure` (the withdrawal
 * lock; at sign-in's second step the sign-in lock, docs/decisions/0046) and throws a 400.
 */
export async function verifyPasskeyAssertion(
  ctx: PasskeyContext,
  userId: number,
  assertionJson: unknown,
  failure: Extract<FailureKind, 'two-factor' | 'sign-in-code'> = 'two-factor',
) {
  const wrong = () => badRequest(msg(PASSKEY_MSG, 'notVerified'), { passkey: msg(PASSKEY_MSG, 'notVerified') });
  const assertion = assertionOf(assertionJson);
  if (!assertion) throw wrong();
  const signed = signedChallengeOf(assertion.response.clientDataJSON);
  const challenge = signed && (await consumeChallenge(ctx, 'second-factor', userId, { challenge: signed }));
  if (!challenge)
    throw badRequest(msg(PASSKEY_MSG, 'challengeExpired'), { passkey: msg(PASSKEY_MSG, 'challengeExpired') });
  const [stored] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, assertion.id), eq(passkeys.userId, userId)));
  if (!stored || !(await checkAssertion(ctx, challenge, stored, assertion, false))) {
    await recordFailure(ctx, userId, failure);
    throw wrong();
  }
}

/**
 * The passkey routes' entries of the access matrix (route-table.ts): requests that work, made with
 * a software authenticator (tests/helpers/webauthn.ts). Passkeys the requests need are put in the
 * database directly (a key no one signs with), named with the scene's secret for the owner, so a
 * list that leaks them to another caller is caught.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { passkeys } from '../../../src/server/modules/security/schema.js';
import { issueLoginTicket } from '../../../src/server/modules/auth/login-tickets.js';
import { clearTwoFactor } from '../../helpers/totp.js';
import { call, signUp, uniqueEmail, type TestUser } from '../../helpers/users.js';
import { SoftPasskey } from '../../helpers/webauthn.js';
import { resetCode, securityCode, type Response, type RouteSpec, type Scene } from './scene.js';

/** A passkey row of the user (one is enough): what rename, removal and second-factor options act on. */
async function passkeyOf(s: Scene, user: TestUser): Promise<number> {
  const [row] = await s.t.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, user.id));
  if (row) return row.id;
  const [added] = await s.t.db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: randomBytes(32).toString('base64url'),
      publicKey: randomBytes(77).toString('base64url'),
      name: user === s.owner ? `Phone ${s.secret}` : 'Phone',
      deviceType: 'singleDevice',
    })
    .returning({ id: passkeys.id });
  return added!.id;
}

/**
 * The proof a change of the second factors takes with none on (docs/decisions/0045): the actor's
 * 2FA and passkeys are cleared first, then their password and a fresh emailed code.
 */
async function noFactorProof(s: Scene, actor: TestUser) {
  await clearTwoFactor(s.t, actor);
  await s.t.db.delete(passkeys).where(eq(passkeys.userId, actor.id));
  return { password: actor.password, email_code: await securityCode(s.t, actor) };
}

/** A passkey of the owner registered through the API (one the test can sign with), and a proof by it. */
async function signedOwnerPasskey(s: Scene) {
  const key = new SoftPasskey();
  const options = await call(s.t, 'POST', '/api-v1/passkeys/registration-options/', {
    token: s.owner.token,
    body: await noFactorProof(s, s.owner),
  });
  const added = await call(s.t, 'POST', '/api-v1/passkeys/', {
    token: s.owner.token,
    body: { name: `Phone ${s.secret}`, response: key.register(options.body) },
  });
  if (added.status !== 201) throw new Error(`passkey registration: ${added.status} ${JSON.stringify(added.body)}`);
  const assertion = await call(s.t, 'POST', '/api-v1/passkeys/assertion-options/', { token: s.owner.token, body: {} });
  return { id: (added.body as { id: number }).id, passkey: key.assert(assertion.body) };
}

/** A passkey added by a request is taken away again, so the actor's second factor stays off for the routes after. */
const dropPasskeys = async (s: Scene, actor: TestUser, _response: Response) => {
  await s.t.db.delete(passkeys).where(eq(passkeys.userId, actor.id));
};

/** An account of its own that signs in with a passkey (the scene's users keep 2FA off). */
const signers = new WeakMap<Scene, Promise<{ user: TestUser; key: SoftPasskey }>>();
function signerOf(s: Scene) {
  let signer = signers.get(s);
  if (!signer) {
    signer = (async () => {
      const user = await signUp(s.t, { email: uniqueEmail('passkey') });
      const key = new SoftPasskey();
      const options = await call(s.t, 'POST', '/api-v1/passkeys/registration-options/', {
        token: user.token,
        body: await noFactorProof(s, user),
      });
      const added = await call(s.t, 'POST', '/api-v1/passkeys/', {
        token: user.token,
        body: { name: 'Signer', response: key.register(options.body) },
      });
      if (added.status !== 201) throw new Error(`passkey registration: ${added.status} ${JSON.stringify(added.body)}`);
      return { user, key };
    })();
    signers.set(s, signer);
  }
  return signer;
}

export const PASSKEY_ROUTES: Record<string, RouteSpec> = {
  'POST /api-v1/passkeys/registration-options/': {
    access: 'user',
    request: async (s, actor) => ({
      url: '/api-v1/passkeys/registration-options/',
      body: await noFactorProof(s, actor),
    }),
  },
  'POST /api-v1/passkeys/': {
    access: 'user',
    ok: 201,
    request: async (s, actor) => {
      // Options with the proof of an actor without a second factor: the fuzz suite builds every
      // request before sending any, and the 2FA routes' requests before this one may have left TOTP on.
      const options = await call(s.t, 'POST', '/api-v1/passkeys/registration-options/', {
        token: actor.token,
        body: await noFactorProof(s, actor),
      });
      return {
        url: '/api-v1/passkeys/',
        body: {
          name: actor === s.owner ? `Key ${s.secret}` : 'Key',
          response: new SoftPasskey().register(options.body),
        },
      };
    },
    after: dropPasskeys,
  },
  'GET /api-v1/passkeys/': {
    access: 'user',
    // The owner always has one here: a list that is not the caller's own would hand it out.
    request: async (s, actor) => {
      await passkeyOf(s, s.owner);
      await passkeyOf(s, actor);
      return { url: '/api-v1/passkeys/' };
    },
    after: dropPasskeys,
  },
  'PATCH /api-v1/passkeys/:id/': {
    access: 'user',
    owned: true,
    expect: { admin: 404 },
    request: async (s) => ({
      url: `/api-v1/passkeys/${await passkeyOf(s, s.owner)}/`,
      body: { name: `Renamed ${s.secret}` },
    }),
    after: dropPasskeys,
  },
  // The owner's passkey, removed with its own assertion (docs/decisions/0045); others get 404 first.
  'DELETE /api-v1/passkeys/:id/': {
    access: 'user',
    owned: true,
    expect: { admin: 404 },
    request: async (s) => {
      const { id, passkey } = await signedOwnerPasskey(s);
      return { url: `/api-v1/passkeys/${id}/`, body: { passkey } };
    },
    after: dropPasskeys,
  },
  'POST /api-v1/passkeys/login-options/': {
    access: 'public',
    request: () => ({ url: '/api-v1/passkeys/login-options/', body: {} }),
  },
  'POST /api-v1/passkeys/login/': {
    access: 'public',
    request: async (s) => {
      const { key } = await signerOf(s);
      const options = await call(s.t, 'POST', '/api-v1/passkeys/login-options/', { body: {} });
      return {
        url: '/api-v1/passkeys/login/',
        body: { challenge_id: options.body.challenge_id, response: key.assert(options.body.options) },
      };
    },
  },
  'POST /api-v1/passkeys/assertion-options/': {
    access: 'user',
    request: async (s, actor) => {
      await passkeyOf(s, actor);
      return { url: '/api-v1/passkeys/assertion-options/', body: {} };
    },
    after: dropPasskeys,
  },
  // A live ticket of the passkey signer (what POST /api-v1/login/ answers with 2FA on), issued
  // directly so no caller pays for a password hash.
  // The reset code of the passkey signer (forgot-password), answered with options for its passkey.
  'POST /api-v1/reset-password/passkey-options/': {
    access: 'public',
    request: async (s) => {
      const { user } = await signerOf(s);
      return {
        url: '/api-v1/reset-password/passkey-options/',
        body: { email: user.email, otp: await resetCode(s.t, user.email) },
      };
    },
  },
  'POST /api-v1/login/2fa/passkey-options/': {
    access: 'public',
    request: async (s) => {
      const { user } = await signerOf(s);
      const ticket = await issueLoginTicket(s.t.ctx, user.id);
      return { url: '/api-v1/login/2fa/passkey-options/', body: { ticket } };
    },
  },
};

/**
 * Passkeys in a real browser (docs/decisions/0022-passkeys.md): Chromium's virtual authenticator (CDP WebAuthn domain)
 * plays the phone's fingerprint reader. A trader adds a passkey in the Safety Center, renames it,
 * logs out and signs in with it, then removes it (adding with the password and an emailed code,
 * removing with the passkey itself: docs/decisions/0045). The page is on http://localhost: browsers allow
 * WebAuthn over http only there, and an IP address is never an RP ID (docs/decisions/0022).
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { PASSKEY_MSG } from '../../src/shared/passkey-texts.js';
import { passkeys } from '../../src/server/modules/security/schema.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { localStorageOf, newPhonePage, type PhonePageOptions } from './helpers/browser.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { webAppSuite, type WebAppSuite } from './helpers/suite.js';
import { expectPath, logInThroughUi, storeSession } from './helpers/ui.js';

const localhost = (baseUrl: string) => baseUrl.replace('//127.0.0.1:', '//localhost:');

/** A phone page on http://localhost with a platform authenticator that verifies the user (a fingerprint). */
async function phoneWithAuthenticator(suite: WebAppSuite, options: PhonePageOptions = {}) {
  const phone = await newPhonePage(suite.browser, localhost(suite.app.baseUrl), options);
  const cdp = await phone.context.newCDPSession(phone.page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { ...phone, credentials };
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expectPath(page, '/login');
}

describe('passkeys in the browser', () => {
  const suite = webAppSuite();

  it('adds a passkey in the Safety Center, renames it, signs in with it after logging out, and removes it', async () => {
    const { page, context, errors, credentials } = await phoneWithAuthenticator(suite);
    const user = await signUp(suite.app, { first_name: 'Pia', last_name: 'Passkey' });
    await logInThroughUi(page, user);

    await page.goto('/safety-center');
    await page.getByRole('link', { name: /Passkeys/ }).click();
    await expectPath(page, '/safety/passkeys');
    await page.getByText('No passkeys yet.').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add a passkey' });
    await sheet.getByLabel('Passkey name').fill('Pocket phone');
    // No second factor on yet: the login password and the emailed code (docs/decisions/0045).
    await sheet.getByRole('button', { name: 'Send OTP' }).click();
    await sheet.getByRole('button', { name: MSG.otpSentLabel }).waitFor();
    await sheet.getByLabel('Login password').fill(user.password);
    await sheet.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(user.email));
    await sheet.getByRole('button', { name: 'Add passkey' }).click();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Pocket phone').waitFor();
    await list.getByText('Not used yet').waitFor();
    // The authenticator holds a discoverable credential for this site; the server holds its key.
    const held = await credentials();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect((await call(suite.app, 'GET', '/api-v1/passkeys/', { token: user.token })).body).toEqual([
      expect.objectContaining({ name: 'Pocket phone', last_used_at: null }),
    ]);

    await list.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Passkey name').fill('Work phone');
    await rename.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Work phone').waitFor();

    await page.goto('/home');
    await logOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectPath(page, '/home');
    const stored = await localStorageOf(page);
    expect(JSON.parse(stored.user!)).toMatchObject({ email: user.email, user_id: user.id });
    // The new token is a real session: the server answers with this user's profile.
    const info = await call(suite.app, 'GET', '/api-v1/info/', { token: stored.token! });
    expect(info.body.email).toBe(user.email);

    await page.goto('/safety/passkeys');
    await list.getByText(/Last used/).waitFor();
    await list.getByRole('button', { name: 'Remove' }).click();
    // The passkey is the second factor: it confirms its own removal (the authenticator answers).
    const remove = page.getByRole('dialog', { name: 'Remove passkey?' });
    await remove.getByText('Your passkey confirms this').waitFor();
    await remove.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No passkeys yet.').waitFor();
    // The owner was told of both.
    const told = suite.app.mailbox.messages.filter((m) => m.to === user.email).map((m) => m.subject);
    expect(told).toEqual(expect.arrayContaining(['Coinfront: Passkey added', 'Coinfront: Passkey removed']));

    // The removed passkey no longer signs in, though the authenticator still has it.
    await page.goto('/home');
    await logOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').getByText(PASSKEY_MSG.signInFailed).waitFor();
    await expectPath(page, '/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a browser without passkeys so, on /login and in the Safety Center', async () => {
    const { page, context } = await newPhonePage(suite.browser, localhost(suite.app.baseUrl));
    await page.addInitScript(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').getByText(PASSKEY_MSG.unsupported).waitFor();

    const user = await signUp(suite.app);
    await storeSession(page, user.login);
    await page.goto('/safety/passkeys');
    await page.getByRole('alert').getByText(PASSKEY_MSG.unsupported).waitFor();
    await expect(page.getByRole('button', { name: 'Add a passkey' }).isDisabled()).resolves.toBe(true);
    await context.close();
  });
});

/** Two passkeys of the user, one used, put in the database (the screenshots show the list). */
async function seedPasskeys(suite: WebAppSuite, user: TestUser) {
  const row = (name: string, lastUsedAt: Date | null) => ({
    userId: user.id,
    credentialId: randomBytes(32).toString('base64url'),
    publicKey: randomBytes(77).toString('base64url'),
    name,
    deviceType: 'multiDevice',
    lastUsedAt,
  });
  await suite.app.db
    .insert(passkeys)
    .values([row('iPhone 15', new Date(Date.now() - 3_600_000)), row('YubiKey 5C', null)]);
}

describeScreenshots('screenshots of passkeys', (suite) => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp(suite.app, { first_name: 'Pia', last_name: 'Passkey' });
    await seedPasskeys(suite, user);
  });

  for (const scheme of SCHEMES) {
    it(`passkey screens (${scheme})`, async () => {
      const { page, context } = (await newPhonePage(
        suite.browser,
        localhost(suite.app.baseUrl),
        screenOptions(scheme),
      )) as { page: Page; context: BrowserContext };
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
      await shot(page, `${scheme}-login-passkey`);
      await storeSession(page, user.login);
      await page.goto('/safety-center');
      await page.getByRole('link', { name: /Passkeys/ }).waitFor();
      await shot(page, `${scheme}-safety-center-passkeys`);
      await page.goto('/safety/passkeys');
      await page.getByRole('list', { name: 'Your passkeys' }).getByText('YubiKey 5C').waitFor();
      await shot(page, `${scheme}-passkeys`);
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByRole('dialog', { name: 'Add a passkey' }).waitFor();
      await shot(page, `${scheme}-passkeys-add`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Remove' }).first().click();
      await page.getByRole('dialog', { name: 'Remove passkey?' }).waitFor();
      await shot(page, `${scheme}-passkeys-remove`);
      await context.close();
    });
  }
});

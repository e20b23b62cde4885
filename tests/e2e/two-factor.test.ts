/**
 * Two-factor authentication in a real browser (docs/decisions/0021-two-factor.md): enrolment by scanning the QR code from a
 * screenshot (jsQR over sharp's raw pixels), the code an authenticator app would show (RFC 6238 in
 * tests/helpers/totp.ts), the recovery codes, and signing in again with the second step. Setting up
 * takes the login password and the emailed code first (docs/decisions/0045).
 * With SCREENSHOTS set, it also writes the screens in both themes.
 */
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, totpSecrets } from '../../src/server/modules/security/schema.js';
import { TWO_FACTOR_MSG } from '../../src/shared/api/two-factor.js';
import { MSG } from '../../src/shared/messages.js';
import { enableTotp, secretOfOtpauthUrl, totp } from '../helpers/totp.js';
import { signUp, type TestUser } from '../helpers/users.js';
import { SCHEMES, screenOptions, screenshotsWanted, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, storeSession } from './helpers/ui.js';

const suite = webAppSuite();

/** What a phone camera would read: a screenshot of the QR code and its white frame, decoded by jsQR. */
async function scanQr(page: Page): Promise<string> {
  const qr = page.getByTestId('two-factor-qr');
  await qr.waitFor();
  const png = await qr.locator('..').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!decoded) throw new Error('the QR code could not be read');
  return decoded.data;
}

/**
 * With no second factor on, setting one up takes the login password and the emailed code
 * (docs/decisions/0045): "Send OTP", then both typed as the owner would.
 */
async function confirmWithPasswordAndMail(page: Page, user: TestUser) {
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByRole('button', { name: MSG.otpSentLabel }).waitFor();
  await page.getByLabel('Login password').fill(user.password);
  await page.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(user.email));
}

describe('two-factor authentication', () => {
  it('enrols by scanning the QR code, shows the recovery codes once, and signs in with the code after logging out', async () => {
    const user = await signUp(suite.app);
    const { page, errors } = await suite.phone();
    await storeSession(page, user.login);

    await page.goto('/safety-center');
    await page.getByRole('link', { name: /Two-factor authentication/ }).click();
    await expectPath(page, '/safety/two-factor');
    await confirmWithPasswordAndMail(page, user);
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();

    const url = await scanQr(page);
    expect(url.startsWith('otpauth://totp/')).toBe(true);
    const secret = secretOfOtpauthUrl(url);
    expect(new URL(url).searchParams.get('issuer')).toBe('Coinfront');
    // The key shown as text is the one in the QR code.
    await expect(page.getByTestId('two-factor-secret').textContent()).resolves.toBe(
      secret.replace(/(.{4})(?=.)/g, '$1 '),
    );

    // A wrong code first: refused, and 2FA stays off.
    const code = totp(secret, suite.app.clock.now());
    await page.getByLabel('Google Authenticator code').fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText(TWO_FACTOR_MSG.wrongCode).waitFor();

    await page.getByLabel('Google Authenticator code').fill(totp(secret, suite.app.clock.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const shown = await codes.allTextContents();
    for (const c of shown) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [row] = await suite.app.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id));
    expect(row!.enabledAt).not.toBeNull();
    expect(await suite.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(10);

    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('two-factor-on').waitFor();
    await page.getByText('Recovery codes left:').waitFor();

    // Log out through the drawer, then sign in: the password step asks for the code.
    await page.goto('/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    // The next 30-second step: the code that turned 2FA on cannot be used again.
    suite.app.clock.advance(30_000);
    await page.getByLabel('Authentication code').fill(totp(secret, suite.app.clock.now()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toEqual(expect.any(String));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('signs in with a recovery code instead, and refuses a wrong code first', async () => {
    const user = await signUp(suite.app);
    const { recoveryCodes: recovery } = await enableTotp(suite.app, user);

    const { page, errors } = await suite.phone();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Authentication code').fill('abcde-fghjk');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(TWO_FACTOR_MSG.wrongCode).waitFor();
    await page.getByLabel('Authentication code').fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.runIf(screenshotsWanted)('screenshots of two-factor authentication', () => {
  for (const scheme of SCHEMES) {
    it(`setup, recovery codes, on, and the sign-in step (${scheme})`, async () => {
      const user = await signUp(suite.app, { first_name: 'Ada', last_name: 'Lovelace' });
      const { page } = await suite.phone(screenOptions(scheme));
      await storeSession(page, user.login);
      await page.goto('/safety-center');
      await page.getByText('Off · protect sign-in and withdrawals').waitFor();
      await shot(page, `safety-center-2fa-${scheme}`);
      await page.goto('/safety/two-factor');
      await confirmWithPasswordAndMail(page, user);
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      const secret = secretOfOtpauthUrl(await scanQr(page));
      await shot(page, `two-factor-setup-${scheme}`, { fullPage: true });
      await page.getByLabel('Google Authenticator code').fill(totp(secret, suite.app.clock.now()));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByTestId('recovery-codes').waitFor();
      await shot(page, `two-factor-recovery-codes-${scheme}`, { fullPage: true });
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByTestId('two-factor-on').waitFor();
      await shot(page, `two-factor-on-${scheme}`);
      await page.goto('/withdrawal/USDT');
      await page.getByLabel('Google Authenticator code').waitFor();
      await shot(page, `withdrawal-two-factor-${scheme}`, { fullPage: true });

      const fresh = await suite.phone(screenOptions(scheme));
      await fresh.page.goto('/login');
      await fresh.page.getByLabel('Email').fill(user.email);
      await fresh.page.getByLabel('Password', { exact: true }).fill(user.password);
      await fresh.page.getByRole('button', { name: 'Log in' }).click();
      await fresh.page.getByLabel('Authentication code').waitFor();
      await shot(fresh.page, `login-two-factor-${scheme}`);
      await page.context().close();
      await fresh.page.context().close();
    });
  }
});

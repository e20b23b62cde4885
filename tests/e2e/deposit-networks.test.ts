/**
 * The deposit network picker in a real browser (docs/decisions/0028-deposit-networks.md, docs/decisions/0028): each
 * network's address with a QR code that a phone camera reads as that very address (jsQR over a
 * screenshot), and a deposit with a transaction hash that staff see in their pending list.
 * With SCREENSHOTS set, it also writes the Deposit screen in both themes.
 */
import { randomBytes } from 'node:crypto';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { createAdmin, signUp } from '../helpers/users.js';
import { SCHEMES, screenOptions, screenshotsWanted, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { signIn, storeSession } from './helpers/ui.js';
import { ADDRESSES } from '../helpers/addresses.js';

const suite = webAppSuite();

/** What a phone camera would read: a screenshot of the QR code and its white frame, decoded by jsQR. */
async function scanQr(page: Page): Promise<string> {
  const qr = page.getByTestId('deposit-qr');
  await qr.waitFor();
  const png = await qr.locator('..').screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!decoded) throw new Error('the QR code could not be read');
  return decoded.data;
}

/** The network picked, once its address card shows. */
async function pick(page: Page, network: string) {
  await page.getByRole('radio', { name: network }).click();
  await page.getByRole('region', { name: `${network} deposit address` }).waitFor();
}

describe('deposit networks', () => {
  it('shows each network with a QR code of the address shown, and a deposit with its hash reaches staff', async () => {
    const user = await signUp(suite.app);
    const { page, errors } = await suite.phone();
    await storeSession(page, user.login);
    await page.goto('/deposit');

    const { ERC20, TRC20 } = suite.app.config.depositAddresses;
    // ERC20 is picked first; the QR code says exactly the address shown under it.
    await page.getByRole('region', { name: 'ERC20 deposit address' }).waitFor();
    expect(await page.getByRole('radio', { name: 'ERC20' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('deposit-address').textContent()).toBe(ERC20);
    expect(await scanQr(page)).toBe(ERC20);

    await pick(page, 'TRC20');
    expect(await page.getByTestId('deposit-address').textContent()).toBe(TRC20);
    expect(await scanQr(page)).toBe(TRC20);
    expect(await page.getByText('Minimum recharge').locator('..').textContent()).toContain('50 USDT');

    // A hash of the wrong form for TRC20 is refused on the screen, naming the network.
    const hash = randomBytes(32).toString('hex');
    await page.getByLabel('Quantity (USDT)').fill('150');
    await page.getByLabel('Payment address').fill(ADDRESSES.TRC20);
    await page.getByLabel('Transaction hash (TRC20)').fill(`0x${hash}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/This is not a valid TRC20 transaction hash/).waitFor();

    await page.getByLabel('Transaction hash (TRC20)').fill(hash.toUpperCase());
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(MSG.depositSent).waitFor();
    expect(await page.getByLabel('Transaction hash (TRC20)').inputValue()).toBe('');

    // Staff see the network and the hash (in its canonical lower case) in the pending list.
    const admin = await createAdmin(suite.app);
    const staff = await suite.phone();
    await signIn(staff.page, admin);
    await staff.page.getByRole('tab', { name: 'Requests' }).click();
    const deposit = staff.page.getByRole('listitem', { name: `Deposit of 150 USDT by ${user.email}` });
    await deposit.getByText(hash).waitFor();
    expect(await deposit.getByText('Network').locator('..').textContent()).toBe('NetworkTRC20');
    expect(await deposit.getByText('Transaction hash').locator('..').textContent()).toBe(`Transaction hash${hash}`);

    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await page.context().close();
    await staff.page.context().close();
  });
});

describe.runIf(screenshotsWanted)('screenshots of the deposit screen', () => {
  for (const scheme of SCHEMES) {
    it(`network picker, address and QR, and the form (${scheme})`, async () => {
      const user = await signUp(suite.app);
      const { page } = await suite.phone(screenOptions(scheme));
      await storeSession(page, user.login);
      await page.goto('/deposit');
      await page.getByRole('region', { name: 'ERC20 deposit address' }).waitFor();
      await shot(page, `deposit-networks-${scheme}`);
      await pick(page, 'TRC20');
      await page.getByLabel('Quantity (USDT)').fill('150');
      await page.getByLabel('Transaction hash (TRC20)').fill('0x1234');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(/This is not a valid TRC20 transaction hash/).waitFor();
      await shot(page, `deposit-networks-form-${scheme}`, { fullPage: true });
      await page.getByLabel('Payment address').fill(ADDRESSES.TRC20);
      await page.getByLabel('Transaction hash (TRC20)').fill(randomBytes(32).toString('hex'));
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(MSG.depositSent).waitFor();

      // What staff see: the request with its network and hash, and the networks in Settings.
      const staff = await suite.phone(screenOptions(scheme));
      await signIn(staff.page, await createAdmin(suite.app));
      await staff.page.getByRole('tab', { name: 'Requests' }).click();
      await staff.page.getByRole('listitem', { name: `Deposit of 150 USDT by ${user.email}` }).waitFor();
      await shot(staff.page, `deposit-networks-staff-pending-${scheme}`, { fullPage: true });
      await staff.page.goto('/admin/dashboard?view=settings');
      const form = staff.page.getByRole('form', { name: 'Deposit networks' });
      await form.scrollIntoViewIfNeeded();
      await shot(staff.page, `deposit-networks-staff-settings-${scheme}`);
      await page.context().close();
      await staff.page.context().close();
    });
  }
});

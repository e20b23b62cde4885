/**
 * The informational user screens in a real browser (docs/decisions/0009-pages-staff-console-pwa.md): the sharing link and its QR code,
 * signing up through it, fiat (legal currency), about us, the important notice and lock-up.
 */
import { count, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { transactions, users } from '../../src/server/db/schema.js';
import { APP_VERSION, LOCK_UP_PRODUCTS } from '../../src/shared/constants.js';
import { MSG } from '../../src/shared/messages.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { call, signUp, uniqueEmail, type TestUser } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, storeSession } from './helpers/ui.js';

const ETH_PRICE = '3456.789';

const suite = webAppSuite({ market: createFakeMarket({ USDT: '1', BTC: '60000', ETH: ETH_PRICE, USDO: '1' }) });

async function loggedInPage(user: TestUser, options: { permissions?: string[] } = {}) {
  const phone = await suite.phone();
  if (options.permissions) await phone.context.grantPermissions(options.permissions, { origin: suite.app.baseUrl });
  await storeSession(phone.page, user.login);
  return phone;
}

/** Draws the rendered QR code (an SVG) on a canvas with a white border and reads it back as pixels. */
async function qrPixels(page: Page) {
  await page.getByTestId('sharing-qr').waitFor();
  return page.evaluate(async () => {
    const svg = document.querySelector('[data-testid="sharing-qr"]');
    if (!svg) throw new Error('no QR code on the page');
    const image = new Image();
    const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }));
    await new Promise((resolve, reject) => {
      image.onload = resolve;
      image.onerror = reject;
      image.src = url;
    });
    const size = 280;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, size, size);
    g.drawImage(image, 40, 40, 200, 200);
    URL.revokeObjectURL(url);
    return { width: size, height: size, data: Array.from(g.getImageData(0, 0, size, size).data) };
  });
}

/** How many money movements the user has: the informational screens must never create one. */
async function transactionCount(user: TestUser): Promise<number> {
  const [row] = await suite.app.db.select({ n: count() }).from(transactions).where(eq(transactions.userId, user.id));
  return Number(row!.n);
}

describe('sharing link', () => {
  it('shows a QR code of the registration link with the promotion code, and copies the code', async () => {
    const user = await signUp(suite.app);
    const code: string = (await call(suite.app, 'GET', '/api-v1/info/', { token: user.token })).body.promotion_code;
    const { page, errors } = await loggedInPage(user, { permissions: ['clipboard-read', 'clipboard-write'] });

    await page.goto('/sharing-link');
    await expect(page.getByTestId('promotion-code').textContent()).resolves.toBe(code);
    const qr = page.getByTestId('sharing-qr');
    await expect(qr.getAttribute('width')).resolves.toBe('200');

    const pixels = await qrPixels(page);
    const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
    expect(decoded?.data).toBe(`${suite.app.baseUrl}/signup?code=${code}`);

    await page.getByRole('button', { name: 'Copy Code' }).click();
    await page.getByText(MSG.promotionCodeCopied).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);
    // The confirmation goes away after 2 s.
    await page.getByText(MSG.promotionCodeCopied).waitFor({ state: 'detached', timeout: 4000 });
    expect(errors).toEqual([]);
  });

  it('records the referrer when a friend signs up through the link', async () => {
    const referrer = await signUp(suite.app);
    const code: string = (await call(suite.app, 'GET', '/api-v1/info/', { token: referrer.token })).body.promotion_code;
    const { page: sharer } = await loggedInPage(referrer);
    await sharer.goto('/sharing-link');
    const pixels = await qrPixels(sharer);
    const link = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)!.data;

    const { page, errors } = await suite.phone();
    const email = uniqueEmail('friend');
    const password = 'a strong password 1';
    await page.goto(link);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(MSG.otpSent).waitFor();
    await page.getByLabel('First name').fill('Fred');
    await page.getByLabel('Last name').fill('Friend');
    await page.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(email));
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectPath(page, '/login');

    const [friend] = await suite.app.db
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.email, email));
    expect(friend?.referredBy).toBe(referrer.id);
    expect(code).toMatch(/\S/);
    expect(errors).toEqual([]);
  });
});

describe('legal currency (fiat)', () => {
  it('is public and shows buy/sell, USDT/ETH, amount 100.0000, limit 100.00 and the unit price', async () => {
    const { page, errors } = await suite.phone();
    await page.goto('/legal-currency');
    const buy = page.getByRole('button', { name: 'buy', exact: true });
    await expect(buy.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByRole('tab', { name: 'USDT' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByLabel('Amount (USDT)').inputValue()).resolves.toBe('100.0000');
    await page.getByText('100.00', { exact: true }).waitFor();
    await expect(page.getByTestId('unit-price').textContent()).resolves.toBe('USDT 1.00 USD');
    await page.getByRole('button', { name: 'Buy USDT' }).waitFor();

    await page.getByRole('tab', { name: 'ETH' }).click();
    await page.getByTestId('unit-price').getByText('ETH 3,456.79 USD').waitFor();
    await page.getByRole('button', { name: 'sell', exact: true }).click();
    await page.getByRole('button', { name: 'Sell ETH' }).waitFor();

    await page.getByLabel('Amount (ETH)').fill('abc');
    await page.getByText(MSG.enterValidAmount).waitFor();
    await expect(page.getByRole('button', { name: 'Sell ETH' }).isDisabled()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('asks before placing an order, and closing the sheet places none (the order itself: fiat-orders.test.ts)', async () => {
    const user = await signUp(suite.app);
    const { page, errors } = await loggedInPage(user);
    await page.goto('/legal-currency');
    await page.getByRole('button', { name: 'Buy USDT' }).click();
    const sheet = page.getByRole('dialog', { name: 'Confirm your order' });
    await sheet.getByText('Staff handle fiat orders by hand').waitFor();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(await transactionCount(user)).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('static pages', () => {
  it('shows the compliance notice to anyone', async () => {
    const { page, errors } = await suite.phone();
    await page.goto('/important-notice');
    await page.getByRole('heading', { name: 'Important Notice' }).waitFor();
    await page.getByRole('heading', { name: 'Investments are supervised' }).waitFor();
    await page.getByRole('heading', { name: 'Money laundering is prohibited' }).waitFor();
    await page.getByText('Money laundering, terrorist financing').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows a public page in the language stored before load, <html lang> with it (docs/decisions/0043-languages.md)', async () => {
    const { page, errors } = await suite.phone();
    await page.addInitScript(() => localStorage.setItem('language', 'de'));
    await page.goto('/legal-currency');
    await page.getByRole('heading', { name: 'Fiatgeld' }).waitFor();
    await page.getByRole('button', { name: 'Zurück' }).waitFor();
    await page.getByText('Stückpreis').waitFor();
    await page.getByRole('button', { name: 'USDT kaufen' }).click();
    // A visitor is asked to sign in first, in German too.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    for (const english of ['Unit price', 'Legal currency', 'Buy USDT'])
      expect(await page.getByText(english).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows about us with the app version', async () => {
    const { page, errors } = await loggedInPage(await signUp(suite.app));
    await page.goto('/about-us');
    await page.getByRole('heading', { name: 'About Us' }).waitFor();
    await page.getByText(`Version ${APP_VERSION}`).waitFor();
    await page.getByRole('link', { name: 'Important Notice' }).click();
    await expectPath(page, '/important-notice');
    expect(errors).toEqual([]);
  });
});

describe('lock-up', () => {
  it("lists the three mining machines by default, each 'Lock up' opening its subscription sheet", async () => {
    const user = await signUp(suite.app);
    const { page, errors } = await loggedInPage(user);
    await page.goto('/lock-up');
    await expect(page.getByRole('tab', { name: 'Mining machine' }).getAttribute('aria-selected')).resolves.toBe('true');
    for (const product of LOCK_UP_PRODUCTS) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.name }) });
      await card.getByText(`${product.days} days`).waitFor();
      await card.getByText(`${product.yieldPercent}%`).first().waitFor();
    }
    await page.getByText('200-10,000').waitFor();
    await page.getByText('500-20,000').waitFor();
    await page.getByText('1,000-50,000').waitFor();
    expect(await page.getByRole('button', { name: /^Lock up/ }).count()).toBe(3);

    await page.getByRole('button', { name: 'Lock up Pro 30' }).click();
    const sheet = page.getByRole('dialog', { name: 'Lock up Pro 30' });
    await sheet.getByRole('button', { name: 'Confirm lock-up' }).waitFor();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Mining order' }).click();
    await page.getByText('There is no more data').waitFor();
    await page.reload();
    await page.getByText('There is no more data').waitFor();
    expect(await transactionCount(user)).toBe(0);
    expect(errors).toEqual([]);
  });
});

/**
 * The informational pages in German and Japanese (docs/decisions/0043-languages.md): titles, tabs, the long
 * texts, plurals and grouped amounts in the language picked; product names and symbols untouched.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeApi, logInAs, renderScreen } from '../../../../tests/helpers/fake-web-api';
import { AboutUsPage } from './AboutUsPage';
import { ImportantNoticePage } from './ImportantNoticePage';
import { LockUpPage } from './LockUpPage';
import { chooseLanguage } from '../../../../tests/helpers/web-language';

afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

/** SPEC's three products as GET /api-v1/lockup-products/ answers them (docs/decisions/0052-earn.md). */
function fakeProducts() {
  const product = (id: number, name: string, min: string, max: string, yieldPercent: string, days: number) => ({
    id,
    name,
    min,
    max,
    yield_percent: yieldPercent,
    daily_rate_percent: '0.33333333',
    days,
    open: true,
    remaining: max,
  });
  logInAs({ user_id: 7 });
  installFakeApi().on('GET /api-v1/lockup-products/', [
    200,
    [
      product(1, 'Pro 15', '200', '10000', '5', 15),
      product(2, 'Pro 30', '1000', '50000', '12', 30),
      product(3, 'Pro 60', '5000', '100000', '28', 60),
    ],
  ]);
}

describe('lock-up', () => {
  it('reads as before in English', async () => {
    fakeProducts();
    renderScreen(<LockUpPage />, { path: '/lock-up' });
    expect(screen.getByRole('tab', { name: 'Mining machine' })).toBeTruthy();
    expect(await screen.findByText('200-10,000')).toBeTruthy();
    expect(screen.getByText('15 days')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lock up Pro 15' })).toBeTruthy();
  });

  it('speaks German: tabs, labels, days, grouped amounts, the sheet', async () => {
    await chooseLanguage('de');
    fakeProducts();
    renderScreen(<LockUpPage />, { path: '/lock-up' });
    expect(screen.getByRole('tab', { name: 'Mining-Maschine' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Mining-Aufträge' })).toBeTruthy();
    expect(await screen.findByText('200-10.000')).toBeTruthy();
    expect(screen.getByText('15 Tage')).toBeTruthy();
    expect(screen.getAllByText('Rendite')).toHaveLength(3);
    for (const english of ['Mining machine', 'Yield', 'Period', 'Lock amount', '15 days', 'Lock up'])
      expect(screen.queryByText(english), english).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pro 15 sperren' }));
    expect(screen.getByRole('dialog', { name: 'Pro 15 sperren' })).toBeTruthy();
  });
});

describe('the static texts', () => {
  it('shows the important notice in Japanese', async () => {
    await chooseLanguage('ja');
    renderScreen(<ImportantNoticePage />, { path: '/important-notice' });
    expect(screen.getByRole('heading', { name: '重要なお知らせ' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'マネーロンダリングの禁止' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Money laundering is prohibited' })).toBeNull();
    expect(screen.queryByText(/Please read this notice/)).toBeNull();
  });

  it("fills About us' figures in German, with its decimal comma kept out of whole numbers", async () => {
    await chooseLanguage('de');
    renderScreen(<AboutUsPage />, { path: '/about-us' });
    expect(screen.getByRole('heading', { name: 'Über uns' })).toBeTruthy();
    expect(screen.getByText(/Die Mindesteinzahlung beträgt 50 USDT\..* kostet 1 % des Betrags/)).toBeTruthy();
    expect(screen.getByText('Version 1.0.0')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wichtiger Hinweis' })).toBeTruthy();
    expect(screen.queryByText(/The minimum recharge/)).toBeNull();
  });
});

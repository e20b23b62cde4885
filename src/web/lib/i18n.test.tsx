/** The i18n layer: the Home picker's choice switches the texts and <html lang>; gaps fall back to English. */
import { cleanup, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../tests/helpers/fake-web-api';
import { BottomNav } from '../app/layouts/BottomNav';
import { ADMIN_MSG as ADDRESS_OR_ADMIN } from '../../shared/api/admin';
import { rechargeBody } from '../../shared/api/wallet';
import { msg } from '../../shared/message';
import { MSG } from '../../shared/messages';
import deApp from '../locales/de/messages.app.json';
import deAdmin from '../locales/de/messages.admin.json';
import deDeposits from '../locales/de/messages.deposits.json';
import { fieldErrorsOf } from './forms';
import { i18n, installI18n, useI18n } from './i18n';
import { ADDRESSES } from '../../../tests/helpers/addresses';
import { chooseLanguage } from '../../../tests/helpers/web-language';

function showNav() {
  renderScreen(<BottomNav />, { path: '/home', previous: null });
}

const lookupMessages = (_code: 'de') => ({ app: deApp, admin: deAdmin, deposits: deDeposits });

afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

describe('switching language', () => {
  it('changes the texts on screen and <html lang>, and remembers the choice', async () => {
    void installI18n();
    showNav();
    expect(screen.getByRole('link', { name: 'Markets' })).toBeTruthy();
    await chooseLanguage('de');
    expect(screen.getByRole('link', { name: 'Märkte' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Markets' })).toBeNull();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('language')).toBe('de');
    await chooseLanguage('en');
    expect(screen.getByRole('link', { name: 'Markets' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('falls back to English for a text the language lacks', async () => {
    // A Portuguese bundle with one text only: the rest must show in English, never as keys.
    i18n.addTexts('pt', { nav: { home: 'Início' } });
    showNav();
    await chooseLanguage('pt');
    expect(screen.getByRole('link', { name: 'Início' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Markets' })).toBeTruthy();
    i18n.removeTexts('pt');
  });
});

describe('texts', () => {
  it('fills placeholders with the values given, in any language', async () => {
    expect(i18n.t('drawer.version', { version: '1.4.0' })).toBe('Version 1.4.0');
    await chooseLanguage('de');
    expect(i18n.t('home.notifications', { count: 3 })).toMatch(/3/);
    expect(i18n.t('home.notifications', { count: 3 })).not.toMatch(/\{\{/);
  });
});

describe('the shared messages, numbers, dates and plurals', () => {
  it("shows a server's or a form's English message in the language picked, by its code or its text", async () => {
    await chooseLanguage('de');
    const german = lookupMessages('de');
    // By the code the server sends beside the English (plugins/error-handler.ts)...
    expect(i18n.message(MSG.loginFailed, { code: 'app.loginFailed' })).toBe(german.app.loginFailed);
    // ...and by the English text alone (a form check of the same shared schema).
    expect(i18n.message(MSG.loginFailed)).toBe(german.app.loginFailed);
    // A message made by a function comes with its code (msg): its arguments go back into the translation...
    const made = i18n.message(msg(ADDRESS_OR_ADMIN, 'invalidAddress', 'ERC20'));
    expect(made).toBe(german.admin.invalidAddress.replace('{{p0}}', 'ERC20'));
    // ...a number inside it with the language's decimal separator...
    expect(i18n.message(msg(ADDRESS_OR_ADMIN, 'invalidAddress', '12.5'))).toContain('12,5');
    // ...and its English alone is not taken apart to find one (docs/decisions/0076-error-codes.md).
    expect(i18n.message(ADDRESS_OR_ADMIN.invalidAddress('ERC20'))).toBe(ADDRESS_OR_ADMIN.invalidAddress('ERC20'));
    // A text in no table is shown as it is.
    expect(i18n.message('Some text of nobody')).toBe('Some text of nobody');
    await chooseLanguage('en');
    expect(i18n.message(MSG.loginFailed, { code: 'app.loginFailed' })).toBe(MSG.loginFailed);
  });

  it("shows a form check's made message by the code its issue carries, with its arguments", async () => {
    await chooseLanguage('de');
    const german = lookupMessages('de');
    const parsed = rechargeBody.safeParse({ amount: '120', network: 'BTC', payment_address: ADDRESSES.TRC20 });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!).network).toBe(
      german.deposits.wrongNetwork
        .replace('{{p0}}', 'BTC')
        .replace('{{p1}}', 'USDT')
        .replace('{{p2}}', 'ERC20 or TRC20'),
    );
  });

  it("writes numbers with the language's decimal separator and grouping, keeping every digit; dates in its order", async () => {
    const { result, rerender } = renderHook(() => useI18n());
    expect(result.current.number('1234.50')).toBe('1,234.50');
    expect(result.current.dateTime('2026-03-01T14:05:00')).toBe('2026-03-01 14:05');
    await chooseLanguage('de');
    rerender();
    expect(result.current.number('1234.50')).toBe('1.234,50');
    expect(result.current.number('+0.12345678%')).toBe('+0,12345678%');
    expect(result.current.dateTime('2026-03-01T14:05:00')).toMatch(/01\.03\.2026.*14:05/);
    await chooseLanguage('ja');
    rerender();
    expect(result.current.number('1234.50')).toBe('1,234.50');
  });
});

/**
 * The Safety Center in Italian (docs/decisions/0043-languages.md): the screens' own texts, the lock lines and
 * the server's answers come out of the catalogs in the language picked, and no English is left.
 * The rest of this folder's tests run in English and hold its texts to docs/product.md.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { API_KEYS_MSG } from '../../../shared/api/api-keys';
import { lockedMessage, PROTECTION_MSG } from '../../../shared/api/protection';
import type { SessionInfo } from '../../../shared/api/sessions';
import { ApiKeysPage } from './ApiKeysPage';
import { SafetyCenterPage } from './SafetyCenterPage';
import { SessionsPage } from './SessionsPage';
import { chooseLanguage } from '../../../../tests/helpers/web-language';

let api: FakeApi;
beforeEach(async () => {
  api = installFakeApi();
  localStorage.setItem('token', 'a.token');
  await chooseLanguage('it');
});
afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

describe('the Safety Center in Italian', () => {
  it('shows its rows, details and the lock line in Italian, with no English left', async () => {
    api.on('GET /api-v1/info/', [200, { has_transaction_password: false }]);
    api.on('GET /api-v1/2fa/', [
      200,
      { enabled: false, totp: false, methods: [], recovery_codes_left: 0, pending: false },
    ]);
    api.on('GET /api-v1/security/status/', [
      200,
      {
        whitelist_enabled: true,
        anti_phishing_code: 'T*****2',
        locks: [{ scope: 'withdrawal', until: '2026-11-25T05:19:30.000Z', reason: 'password-changed' }],
      },
    ]);
    renderScreen(<SafetyCenterPage />, { path: '/safety-center' });
    const locks = await screen.findByRole('region', { name: 'Blocchi' });
    // The time stays as the server's UTC stamp; the words around it are translated whole.
    expect(locks.textContent).toBe(
      'Prelievi bloccati fino al 2026-11-25 05:20 UTC perché la password di accesso è stata cambiata',
    );
    expect(screen.getByText('Centro sicurezza')).toBeTruthy();
    expect(screen.getByText('Password di accesso')).toBeTruthy();
    expect(screen.getByText('Sessioni e dispositivi')).toBeTruthy();
    expect(screen.getByText('Whitelist attiva · prelievi solo verso indirizzi salvati')).toBeTruthy();
    expect(await screen.findByText('Disattiva · proteggi accesso e prelievi')).toBeTruthy();
    expect(screen.getByText('T*****2 · presente in ogni nostra email')).toBeTruthy();
    for (const english of [
      'Safety center',
      'Login password',
      'Sessions and devices',
      'Whitelist on · withdrawals only to saved addresses',
      'Not set yet · needed to withdraw',
      'Confirms withdrawals',
      'Off · protect sign-in and withdrawals',
    ]) {
      expect(screen.queryByText(english)).toBeNull();
    }
    expect(document.body.textContent).not.toMatch(/locked until|because your/);
  });

  it('shows the sessions screen, whose texts are a message table, in Italian', async () => {
    const here: SessionInfo = {
      session_id: '11111111-1111-4111-8111-111111111111',
      current: true,
      device: 'Safari on iOS',
      ip: '203.0.113.7',
      created_at: '2026-11-24T05:00:00.000Z',
      last_seen_at: '2026-11-24T05:00:00.000Z',
    };
    api.on('GET /api-v1/sessions/', [200, [here, { ...here, session_id: '2', current: false, device: 'Firefox' }]]);
    renderScreen(<SessionsPage />, { path: '/safety/sessions' });
    expect(await screen.findByText('Questo dispositivo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnetti tutte le altre sessioni' })).toBeTruthy();
    // The browser and system are names; the words the server put around them are the app's, translated.
    expect(screen.getByText('Safari su iOS')).toBeTruthy();
    expect(screen.getByText('Firefox')).toBeTruthy();
    expect(screen.queryByText('Safari on iOS')).toBeNull();
    expect(screen.queryByText('This device')).toBeNull();
    expect(screen.queryByText(/Sign out/)).toBeNull();
  });

  it("shows the API keys screen and the server's refusal, sent with its code, in Italian", async () => {
    api.on('GET /api-v1/api-keys/', [200, []]);
    api.on('POST /api-v1/api-keys/', [400, { error: API_KEYS_MSG.tooManyKeys, code: 'apiKeys.tooManyKeys' }]);
    renderScreen(<ApiKeysPage />, { path: '/safety/api-keys' });
    expect(await screen.findByText('Nessuna chiave API.')).toBeTruthy();
    expect(screen.getByText('Trading con leva')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crea chiave' }));
    await waitFor(() =>
      expect(
        screen.getByText('Puoi avere al massimo 20 chiavi API. Eliminane prima una che non usi più.'),
      ).toBeTruthy(),
    );
    expect(screen.queryByText(API_KEYS_MSG.tooManyKeys)).toBeNull();
    expect(screen.queryByText('Create key')).toBeNull();
    expect(screen.queryByText('Lever trading')).toBeNull();
  });
});

describe("the lock refusal's code", () => {
  it('is carried for every scope and reason, with the time as its argument', () => {
    const until = new Date('2026-11-25T05:19:30.000Z');
    expect(lockedMessage('withdrawal', until, 'wrong-codes')).toEqual({
      code: 'protection.lockedUntil.withdrawal.wrongCodes',
      text: PROTECTION_MSG.locked('withdrawal', until, 'wrong-codes'),
      params: { p0: '2026-11-25 05:20 UTC' },
    });
    expect(lockedMessage('sign-in', until, 'wrong-passwords')).toEqual({
      code: 'protection.lockedUntil.signIn.wrongPasswords',
      text: PROTECTION_MSG.locked('sign-in', until, 'wrong-passwords'),
      params: { p0: '2026-11-25 05:20 UTC' },
    });
  });
});

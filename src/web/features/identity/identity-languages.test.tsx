/** The identity screens in another language (docs/decisions/0043-languages.md): German texts, no English left. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { MSG } from '../../../shared/messages';
import { IdentityVerificationPage } from './IdentityVerificationPage';
import { RejectUserSheet } from './RejectUserSheet';
import { chooseLanguage } from '../../../../tests/helpers/web-language';

// The first switch loads German's chunk and the message codes: seconds on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api-v1/info/', [200, { user_id: 3, uniqueid: '87654321', is_verified: 'unverified' }]);
});
afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

describe('identity in German', () => {
  it('the status screen: its step, link and why to certify in German, none of the English', async () => {
    api.on('GET /api-v1/documents-verification/', [404, { error: MSG.noVerificationSubmitted }]);
    await chooseLanguage('de');
    renderScreen(<IdentityVerificationPage />, { path: '/identity-verification' });
    expect(await screen.findByRole('link', { name: 'Ausfüllen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Identitätsprüfung' })).toBeTruthy();
    expect(screen.getByText('Basisinformationen')).toBeTruthy();
    expect(screen.getByText('Mit abgeschlossener Verifizierung steigt Ihr Auszahlungslimit.')).toBeTruthy();
    expect(screen.queryByText(/Fill in|Identity Verification|Basic Information|withdrawal amount|Step 1/)).toBeNull();
  });

  it("staff's reject sheet: the user's name kept, the words around it German", async () => {
    await chooseLanguage('de');
    renderScreen(
      <RejectUserSheet
        user={{ user_id: 5, full_name: 'Grace Hopper', user_uniqueid: '12345678' }}
        onClose={() => {}}
        onReject={() => {}}
      />,
      { path: '/admin' },
    );
    expect(await screen.findByText(/^Grace Hopper sieht diesen Grund/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeTruthy();
    expect(screen.getByLabelText('Grund')).toBeTruthy();
    expect(screen.queryByText(/sees this reason|Reason|Reject|Cancel/)).toBeNull();
  });
});

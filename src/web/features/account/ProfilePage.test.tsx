/**
 * /profile in Portuguese (issue 19 "## Languages"): the screen's words, the verification status, the
 * form check's message and the server's success come in the language picked, the user's data as typed.
 */
import { act, cleanup, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { PROFILE_MSG } from '../../../shared/messages';
import { showLanguage } from '../../lib/i18n';
import { useLanguage, type LanguageCode } from '../../lib/language';
import { ProfilePage } from './ProfilePage';

const profile = {
  user_id: 3,
  username: 'Grace Hopper',
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  uniqueid: '87654321',
  is_admin: false,
  is_verified: 'pending',
  has_transaction_password: false,
  promotion_code: 'ABCD2345',
};

/** What the Home picker does: remember the choice; the i18n layer follows it. */
async function choose(code: LanguageCode) {
  const picker = renderHook(() => useLanguage());
  await act(async () => {
    picker.result.current[1](code);
    await showLanguage(code);
  });
  picker.unmount();
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api-v1/user/profile/', [200, profile]);
});
afterEach(async () => {
  await choose('en');
  cleanup();
  localStorage.clear();
});

describe('the profile in Portuguese', () => {
  it("shows the screen's words in Portuguese and none of the English ones, the user's data unchanged", async () => {
    await choose('pt');
    renderScreen(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByText('Em análise')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Perfil' })).toBeTruthy();
    expect(screen.getByLabelText('Sobrenome')).toBeTruthy();
    expect(screen.getByText('Código promocional')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeTruthy();
    expect(screen.getByText(/até 50 caracteres cada/)).toBeTruthy();
    for (const english of ['Profile', 'Last name', 'Promotion code', 'Under Review', 'Save', 'Verification'])
      expect(screen.queryByText(english), english).toBeNull();
    expect(screen.getByTestId('profile-name').textContent).toBe('Grace Hopper');
    expect(screen.getByText('ABCD2345')).toBeTruthy();
  });

  it("translates the form check's message and the server's success from the profile table", async () => {
    await choose('pt');
    api.on('POST /api-v1/user/update/', [200, { ...profile, last_name: 'Lovelace', message: PROFILE_MSG.updated }]);
    renderScreen(<ProfilePage />, { path: '/profile' });
    const last = await screen.findByLabelText('Sobrenome');
    fireEvent.change(last, { target: { value: 'Hopper 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O sobrenome pode conter apenas letras, espaços, hífens e apóstrofos')).toBeTruthy();
    expect(screen.queryByText(PROFILE_MSG.lastNameCharacters)).toBeNull();
    expect(api.callsTo('POST /api-v1/user/update/')).toEqual([]);

    fireEvent.change(last, { target: { value: 'Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Perfil atualizado com sucesso!')).toBeTruthy();
    expect(screen.queryByText(PROFILE_MSG.updated)).toBeNull();
  });
});

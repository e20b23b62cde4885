/**
 * /profile in Portuguese (docs/decisions/0043-languages.md): the screen's words, the verification status, the
 * form check's message and the server's success come in the language picked, the user's data as typed.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GRACE_INFO, installFakeApi, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { PROFILE_MSG } from '../../../shared/messages';
import { ProfilePage } from './ProfilePage';
import { chooseLanguage } from '../../../../tests/helpers/web-language';

const profile = { ...GRACE_INFO, is_verified: 'pending' };

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api-v1/user/profile/', [200, profile]);
});
afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

describe('the profile in Portuguese', () => {
  it("shows the screen's words in Portuguese and none of the English ones, the user's data unchanged", async () => {
    await chooseLanguage('pt');
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
    await chooseLanguage('pt');
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

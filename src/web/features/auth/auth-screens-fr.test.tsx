/** The login screen in French (docs/decisions/0043-languages.md): its texts and the server's refusal in French. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { MSG } from '../../../shared/messages';
import frAuth from '../../locales/fr/auth.json';
import frApp from '../../locales/fr/messages.app.json';
import { LoginPage } from './LoginPage';
import { chooseLanguage } from '../../../../tests/helpers/web-language';

let api: FakeApi;

beforeEach(async () => {
  api = installFakeApi();
  await chooseLanguage('fr');
});
afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

describe('the login screen in French', () => {
  it('shows its texts in French, and a wrong password as the French text of its code', async () => {
    api.on('/api-v1/login/', () => [401, { error: MSG.loginFailed, code: 'app.loginFailed' }]);
    renderScreen(<LoginPage />, { path: '/login', previous: null });
    expect(screen.getByRole('heading', { name: frAuth.login.title })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull();
    expect(screen.getByText(frAuth.login.forgotPassword)).toBeTruthy();
    expect(screen.queryByText('Forgot password?')).toBeNull();

    fireEvent.change(screen.getByLabelText(/^E-?mail/i), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(frAuth.login.password), { target: { value: 'wrong words' } });
    fireEvent.click(screen.getByRole('button', { name: frAuth.login.submit }));

    const alert = await screen.findByRole('alert');
    expect(frApp.loginFailed).not.toBe(MSG.loginFailed);
    expect(alert.textContent).toBe(frApp.loginFailed);
    expect(alert.textContent).not.toContain(MSG.loginFailed);
  });
});

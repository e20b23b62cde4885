/** Home's language picker names the languages in English as docs/product.md lists them, else in the language shown. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/helpers/fake-web-api';
import { LanguagePicker } from './LanguagePicker';
import { chooseLanguage } from '../../../../tests/helpers/web-language';

afterEach(async () => {
  await chooseLanguage('en');
  cleanup();
  localStorage.clear();
});

describe('the language picker', () => {
  it("lists docs/product.md's English names in English", () => {
    renderScreen(<LanguagePicker />, { path: '/home', previous: null });
    fireEvent.click(screen.getByRole('button', { name: /Language: English/ }));
    expect(screen.getByRole('radio', { name: 'Chinese' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Portuguese' })).toBeTruthy();
  });

  it('names every language in German once German is shown, with no English name left', async () => {
    await chooseLanguage('de');
    renderScreen(<LanguagePicker />, { path: '/home', previous: null });
    fireEvent.click(screen.getByRole('button', { name: /Sprache: Deutsch/ }));
    expect(screen.getByRole('radio', { name: 'Deutsch', checked: true })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Englisch' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'German' })).toBeNull();
  });
});

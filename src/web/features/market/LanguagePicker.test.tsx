/** Home's language picker names the languages in English as docs/product.md lists them, else in the language shown. */
import { act, cleanup, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/helpers/fake-web-api';
import { showLanguage } from '../../lib/i18n';
import { useLanguage, type LanguageCode } from '../../lib/language';
import { LanguagePicker } from './LanguagePicker';

async function choose(code: LanguageCode) {
  const picker = renderHook(() => useLanguage());
  await act(async () => {
    picker.result.current[1](code);
    await showLanguage(code);
  });
  picker.unmount();
}

afterEach(async () => {
  await choose('en');
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
    await choose('de');
    renderScreen(<LanguagePicker />, { path: '/home', previous: null });
    fireEvent.click(screen.getByRole('button', { name: /Sprache: Deutsch/ }));
    expect(screen.getByRole('radio', { name: 'Deutsch', checked: true })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Englisch' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'German' })).toBeNull();
  });
});

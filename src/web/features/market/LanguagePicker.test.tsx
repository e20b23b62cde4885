/**
 * Home's language picker names each language as its speakers write it, with its name in the language
 * shown beneath (docs/product.md's English names in English).
 */
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
  it("names each language in its own words, with docs/product.md's English name beneath in English", () => {
    renderScreen(<LanguagePicker />, { path: '/home', previous: null });
    fireEvent.click(screen.getByRole('button', { name: /Language: English/ }));
    expect(screen.getByRole('radio', { name: '中文 Chinese' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '日本語 Japanese' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Português Portuguese' })).toBeTruthy();
    // English needs no second name.
    expect(screen.getByRole('radio', { name: 'English', checked: true })).toBeTruthy();
  });

  it('names every language in German beneath its own name once German is shown, with no English name left', async () => {
    await chooseLanguage('de');
    renderScreen(<LanguagePicker />, { path: '/home', previous: null });
    fireEvent.click(screen.getByRole('button', { name: /Sprache: Deutsch/ }));
    expect(screen.getByRole('radio', { name: 'Deutsch', checked: true })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'English Englisch' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '日本語 Japanisch' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /German/ })).toBeNull();
  });
});

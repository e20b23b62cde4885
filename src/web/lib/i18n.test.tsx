/** The i18n layer: the Home picker's choice switches the texts and <html lang>; gaps fall back to English. */
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../tests/helpers/fake-web-api';
import { BottomNav } from '../app/layouts/BottomNav';
import { i18n, installI18n, showLanguage } from './i18n';
import { useLanguage, type LanguageCode } from './language';

function showNav() {
  renderScreen(<BottomNav />, { path: '/home', previous: null });
}

/** What the Home picker does: remember the choice; the layer follows it. */
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

describe('switching language', () => {
  it('changes the texts on screen and <html lang>, and remembers the choice', async () => {
    void installI18n();
    showNav();
    expect(screen.getByRole('link', { name: 'Markets' })).toBeTruthy();
    await choose('de');
    expect(screen.getByRole('link', { name: 'Märkte' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Markets' })).toBeNull();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('language')).toBe('de');
    await choose('en');
    expect(screen.getByRole('link', { name: 'Markets' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('falls back to English for a text the language lacks', async () => {
    // A Portuguese bundle with one text only: the rest must show in English, never as keys.
    i18n.addTexts('pt', { nav: { home: 'Início' } });
    showNav();
    await choose('pt');
    expect(screen.getByRole('link', { name: 'Início' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Markets' })).toBeTruthy();
    i18n.removeTexts('pt');
  });
});

describe('texts', () => {
  it('fills placeholders with the values given, in any language', async () => {
    expect(i18n.t('drawer.version', { version: '1.4.0' })).toBe('Version 1.4.0');
    await choose('de');
    expect(i18n.t('home.notifications', { count: 3 })).toMatch(/3/);
    expect(i18n.t('home.notifications', { count: 3 })).not.toMatch(/\{\{/);
  });
});

/**
 * Web tests: switch the display language as the Home picker does (remember the choice, lib/i18n.ts
 * follows and loads the language's texts) and wait until it is shown.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { vi } from 'vitest';
import { showLanguage } from '../../src/web/lib/i18n';
import { useLanguage, type LanguageCode } from '../../src/web/lib/language';

export async function chooseLanguage(code: LanguageCode): Promise<void> {
  const picker = renderHook(() => useLanguage());
  await act(async () => {
    picker.result.current[1](code);
    await showLanguage(code);
  });
  picker.unmount();
}

/** After a test in another language: English again, the screen, the stubs, the mocks and the stored session gone. */
export async function backToEnglish(): Promise<void> {
  await chooseLanguage('en');
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
}

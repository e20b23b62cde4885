/**
 * Web tests: switch the display language as the Home picker does (remember the choice, lib/i18n.ts
 * follows and loads the language's texts) and wait until it is shown.
 */
import { act, renderHook } from '@testing-library/react';
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

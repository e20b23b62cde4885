/**
 * The web project shares modules between files (vitest.config.ts): each file starts where a fresh page
 * would, on English (the whole catalog) with nothing stored, whatever language or storage the file before it left.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { i18n, loadEnglish } from '../../src/web/lib/i18n';
import { DEFAULT_LANGUAGE, useLanguage } from '../../src/web/lib/language';

// The app loads English beyond the first-paint namespaces with a screen's chunk (app/routes.tsx);
// component tests render screens without it, so they get the whole catalog up front: here, before the
// test file is imported, since some read texts when their module loads (books-view.test.tsx's
// expected notices were its keys when it was a worker's first file).
await loadEnglish();
// Schemas the app loads with a screen's first request (decision 0085): loaded here, so a test's
// 1 s waitFor does not spend its time on the first import of zod and the shared schemas.
await Promise.all([
  import('../../src/shared/api/wallet'),
  import('../../src/shared/api/bonuses'),
  import('../../src/shared/api/favourites'),
  import('../../src/web/features/notifications/schemas'),
]);

beforeAll(() => {
  const { result } = renderHook(() => useLanguage());
  act(() => result.current[1](DEFAULT_LANGUAGE));
  cleanup();
  localStorage.clear();
  i18n.show(DEFAULT_LANGUAGE);
});

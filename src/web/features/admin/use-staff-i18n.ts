/**
 * The i18n layer (lib/i18n.ts) as the staff console uses it: `dateTime` keeps English's
 * 'Mar 1, 2025, 2:05 PM' of views.ts (what staff and the tests read today) and gives every other
 * language its own Intl date and time (docs/decisions/0043-languages.md).
 */
import { useMemo } from 'react';
import { useI18n } from '../../lib/i18n';
import { formatDateTime } from './views';

export function useStaffI18n() {
  const i18n = useI18n();
  return useMemo(
    () => ({
      ...i18n,
      dateTime: (iso: string) => (i18n.language === 'en' ? formatDateTime(iso) : i18n.dateTime(iso)),
    }),
    [i18n],
  );
}

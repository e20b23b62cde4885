/**
 * A message's time as the chat and the notifications list show it: English keeps the app's numeric
 * '14:05' / '03-01 14:05' (lib/datetime.ts); another language its own Intl time or date and time.
 */
import { formatMessageTime } from '../../lib/datetime';
import { useI18n } from '../../lib/i18n';

export function useMessageTime(): (iso: string) => string {
  const { language, time, dateTime } = useI18n();
  if (language === 'en') return formatMessageTime;
  return (iso) => (new Date(iso).toDateString() === new Date().toDateString() ? time(iso) : dateTime(iso));
}

/**
 * The user's conversation with the FAQ bot, above the chat on staff's side (docs/decisions/0064-staff-desk-and-language-fit.md):
 * what they asked and what the bot answered, in the language it answered in, so staff need not ask
 * again. The user's questions sit on the user's side (left), the bot's answers on the house's (right),
 * marked as the bot's and quieter than staff's own bubbles. Text is React text, never HTML.
 */
import type { BotExchange } from '../../../../shared/api/support';
import { useT } from '../../../lib/i18n';
import { useMessageTime } from '../message-time';

export function BotConversation({ exchanges }: { exchanges: BotExchange[] }) {
  const t = useT();
  const messageTime = useMessageTime();
  if (exchanges.length === 0) return null;
  return (
    <section aria-labelledby="bot-conversation-title" className="mb-3 border-b border-dashed border-line pb-3">
      <h2 id="bot-conversation-title" className="mb-2 text-center text-xs font-semibold text-muted">
        {t('support.admin.bot.title')}
      </h2>
      <ul className="flex flex-col gap-2">
        {exchanges.map((exchange) => (
          <li key={exchange.id} className="flex flex-col gap-2" data-testid="bot-exchange">
            <div className="flex max-w-[80%] flex-col items-start self-start">
              <p className="whitespace-pre-wrap break-words rounded-2xl rounded-bl-md bg-surface px-3.5 py-2.5 text-[15px] leading-snug shadow-card">
                {exchange.question}
              </p>
              <span className="mt-1 px-1 text-[11px] text-muted">{messageTime(exchange.timestamp)}</span>
            </div>
            <div className="flex max-w-[80%] flex-col items-end self-end">
              <span className="mb-1 px-1 text-xs text-muted">{t('support.admin.bot.name')}</span>
              <p className="whitespace-pre-wrap break-words rounded-2xl rounded-br-md border border-line bg-surface-2 px-3.5 py-2.5 text-[15px] leading-snug text-ink">
                {exchange.answer ?? t('support.admin.bot.noAnswer')}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The bot's side of one FAQ exchange: its answers (with copyable deposit addresses), none, or a failure. */
import type { FaqAnswerResponse } from '../../../shared/api/support';
import { MSG } from '../../../shared/messages';
import { CopyButton } from '../../components/CopyButton';
import { cx } from '../../components/cx';
import { useI18n, useT } from '../../lib/i18n';
import { splitAnswer } from './answer';

export type FaqReplyState =
  | { status: 'pending' }
  | { status: 'answered'; answers: FaqAnswerResponse['answers'] }
  | { status: 'failed' };

const bubble = 'max-w-[88%] self-start rounded-2xl rounded-bl-md px-3.5 py-2.5 text-[15px] leading-snug';

function Answer({ answer }: { answer: string }) {
  const t = useT();
  const { text, addresses } = splitAnswer(answer);
  return (
    <div className={cx(bubble, 'bg-surface shadow-card')} data-testid="bot-answer">
      {text && <p className="whitespace-pre-line break-words">{text}</p>}
      {addresses.length > 0 && (
        <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
          {addresses.map(({ network, address }) => (
            <li key={network} className="flex items-center gap-2 py-1 pl-3 pr-1">
              <span className="min-w-0 flex-1">
                <span className="block text-xs font-semibold text-muted">{network}</span>
                <span className="block break-all font-mono text-[13px]">{address}</span>
              </span>
              <CopyButton text={address} label={t('support.copyAddress', { network })} caption={t('support.copy')} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function FaqReply({ reply }: { reply: FaqReplyState }) {
  const { t, message } = useI18n();
  if (reply.status === 'pending') {
    return (
      <p className={cx(bubble, 'bg-surface text-muted shadow-card')} role="status">
        <span className="sr-only">{t('support.lookingForAnswer')}</span>
        <span aria-hidden="true" className="tracking-widest">
          ...
        </span>
      </p>
    );
  }
  if (reply.status === 'failed') {
    return (
      <p className={cx(bubble, 'bg-down/10 text-down')} role="alert">
        {message(MSG.searchAnswerFailed)}
      </p>
    );
  }
  if (reply.answers.length === 0)
    return <p className={cx(bubble, 'bg-surface shadow-card')}>{message(MSG.noAnswer)}</p>;
  return (
    <>
      {reply.answers.map((a, i) => (
        <Answer key={i} answer={a.answer} />
      ))}
    </>
  );
}

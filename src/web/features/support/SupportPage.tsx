/**
 * /support (docs/product.md section 2 "Support and chat"): 'Customer Support' with the six FAQ questions;
 * a tap shows the question and the bot's answer as bubbles. 'Connect to Human Support' opens (or
 * reopens) the user's chat with staff.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FAQ_TOPICS } from '../../../shared/api/support';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { HeadsetIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { errorMessage } from '../../lib/api';
import { useI18n, type TextKey } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { askQuestion } from './api/faq';
import { useStartChat } from './api/chat-session';
import { FaqReply, type FaqReplyState } from './FaqReply';

/** Each FAQ button's words in the language shown; the English question is what the bot is asked. */
const QUESTION_KEYS: Record<(typeof FAQ_TOPICS)[number]['topic'], TextKey> = {
  recharge_address: 'support.faq.rechargeAddress',
  balance: 'support.faq.balance',
  manual_service: 'support.faq.manualService',
  withdraw_recharge: 'support.faq.withdrawRecharge',
  forgot_password: 'support.faq.forgotPassword',
  frozen_balance: 'support.faq.frozenBalance',
};

interface Exchange {
  id: number;
  question: string;
  /** The button's words, as shown. */
  shown: TextKey;
  reply: FaqReplyState;
}

export function SupportPage() {
  const { t, message } = useI18n();
  const navigate = useNavigate();
  const startChat = useStartChat();
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const nextId = useRef(0);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (exchanges.length > 0) end.current?.scrollIntoView?.({ behavior: 'smooth', block: 'end' });
  }, [exchanges]);

  const ask = async (question: string, shown: TextKey) => {
    const id = ++nextId.current;
    const settle = (reply: FaqReplyState) =>
      setExchanges((list) => list.map((e) => (e.id === id ? { ...e, reply } : e)));
    setExchanges((list) => [...list, { id, question, shown, reply: { status: 'pending' } }]);
    try {
      const { answers } = await askQuestion(question);
      settle({ status: 'answered', answers });
    } catch (error) {
      console.error(MSG.searchAnswerFailed, error);
      settle({ status: 'failed' });
    }
  };

  const connect = () =>
    startChat.mutate(undefined, { onSuccess: ({ session_id }) => void navigate(PATHS.chat(session_id)) });

  return (
    <>
      <PageHeader title={t('support.title')} fallback={PATHS.home} />
      <Screen className="gap-3 pb-[calc(5.5rem+env(safe-area-inset-bottom))]">
        <div className="mt-2 max-w-[88%] self-start rounded-2xl rounded-bl-md bg-surface px-3.5 py-2.5 text-[15px] shadow-card">
          {t('support.greeting')}
        </div>
        <section aria-label={t('support.faqLabel')} className="grid grid-cols-2 gap-2">
          {FAQ_TOPICS.map(({ topic, question }) => (
            <button
              key={topic}
              type="button"
              onClick={() => void ask(question, QUESTION_KEYS[topic])}
              className="min-h-[52px] rounded-xl border border-primary/30 bg-primary/5 px-3 py-2 text-left text-sm font-medium text-primary hover:bg-primary/10"
            >
              {t(QUESTION_KEYS[topic])}
            </button>
          ))}
        </section>
        <section aria-label={t('support.conversation')} aria-live="polite" className="flex flex-col gap-3">
          {exchanges.map(({ id, shown, reply }) => (
            <div key={id} className="flex flex-col gap-3">
              <p className="max-w-[88%] self-end rounded-2xl rounded-br-md bg-primary px-3.5 py-2.5 text-[15px] text-white">
                {t(shown)}
              </p>
              <FaqReply reply={reply} />
            </div>
          ))}
          <div ref={end} />
        </section>
      </Screen>
      <div className="fixed inset-x-0 bottom-0 z-20 mx-auto max-w-app border-t border-line bg-bg/95 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur">
        {startChat.isError && (
          <Notice tone="error" className="mb-2">
            {message(errorMessage(startChat.error, MSG.somethingWentWrong))}
          </Notice>
        )}
        <Button onClick={connect} busy={startChat.isPending}>
          <HeadsetIcon size={20} />
          {t('support.connect')}
        </Button>
      </div>
    </>
  );
}

/**
 * /chat/{sessionId} (docs/product.md section 2 "Support and chat"): the user's conversation with staff,
 * polled every 3 s; the user's messages on the right, staff's on the left. When staff end the chat
 * it says so and sending stops. Back goes to /support.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ChatMessage } from '../../../shared/api/support';
import { SUPPORT_HOURS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { errorMessage, isApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { chatSessionQuery, useChatSession } from './api/chat-session';
import { addSentMessage, sendChatMessage, useChatMessages } from './api/messages';
import { ChatNote, ChatScreen } from './chat/ChatScreen';
import { Composer, EMPTY_DRAFT, type ChatDraft } from './chat/Composer';
import { MessageList } from './chat/MessageList';
import { useChatPush } from './api/chat-push';

const fromUser = (message: ChatMessage) => !message.is_staff;

export function ChatPage() {
  useChatPush();
  const { t, message } = useI18n();
  const sessionId = useParams().sessionId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useChatSession(sessionId);
  const ended = session.data?.status === 'closed';
  const messages = useChatMessages(sessionId, { poll: !ended && !session.isError });
  // A screen that opened the chat about something (a fiat order's reference) starts the composer with it.
  const prefill = (useLocation().state as { prefill?: unknown } | null)?.prefill;
  const [draft, setDraft] = useState<ChatDraft>(
    typeof prefill === 'string' ? { ...EMPTY_DRAFT, text: prefill } : EMPTY_DRAFT,
  );
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  const send = async (outgoing: ChatDraft) => {
    setSending(true);
    setSendError(null);
    try {
      const sent = await sendChatMessage({ sessionId, text: outgoing.text.trim(), image: outgoing.image });
      addSentMessage(queryClient, sent);
      setDraft(EMPTY_DRAFT);
    } catch (error) {
      console.error(MSG.sendMessageFailed, error);
      setSendError(errorMessage(error, MSG.sendMessageFailed));
      // Perhaps staff ended the chat meanwhile: the header and composer should know now.
      void queryClient.invalidateQueries({ queryKey: chatSessionQuery(sessionId).queryKey });
    } finally {
      setSending(false);
    }
  };

  const notFound = isApiError(session.error) && session.error.status === 404;

  return (
    <ChatScreen
      header={<PageHeader title={t('support.title')} onBack={() => void navigate(PATHS.support)} />}
      footer={
        <>
          {sendError && !ended && (
            <p role="alert" className="bg-down/10 px-4 py-2 text-center text-sm text-down">
              {message(sendError)}
            </p>
          )}
          <Composer
            draft={draft}
            onDraftChange={setDraft}
            onSend={(d) => void send(d)}
            disabled={!session.isSuccess || ended}
            busy={sending}
          />
        </>
      }
    >
      {session.isPending && <Spinner label={t('support.chat.loading')} />}
      {notFound && <ChatNote tone="error">{message(MSG.chatNotFound)}</ChatNote>}
      {session.isError && !notFound && (
        <ChatNote tone="error">{message(errorMessage(session.error, MSG.somethingWentWrong))}</ChatNote>
      )}
      {session.isSuccess && (
        <>
          <ChatNote>{t('support.chat.intro', { hours: SUPPORT_HOURS })}</ChatNote>
          {messages.data && <MessageList messages={messages.data} isMine={fromUser} earlier={messages} />}
          {messages.isError && (
            <ChatNote tone="error">{message(errorMessage(messages.error, MSG.somethingWentWrong))}</ChatNote>
          )}
          {ended && <ChatNote>{message(MSG.chatEnded)}</ChatNote>}
        </>
      )}
    </ChatScreen>
  );
}

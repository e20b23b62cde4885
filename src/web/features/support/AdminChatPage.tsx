/**
 * /admin/chat/{chat key} (docs/product.md section 2 "Admin screens"): staff's side of one conversation.
 * The key (a JSON string of the user's id and name) finds the user's open chat in the staff list;
 * staff messages sit on the right. Sending is optimistic: the message shows at once and goes again
 * if the server refuses it (its text goes back into the box). 'End Chat' closes the session and
 * returns to the dashboard. Above the chat, what the user asked the FAQ bot before (BotConversation). At a desk (docs/decisions/0041-staff-console-at-a-desk.md) the conversation opens beside the chat list on the
 * dashboard instead (AdminConversation there, ?chat= in its address).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { parseChatKey, type ChatMessage } from '../../../shared/api/support';
import { CHAT_POLL_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { BackIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { useI18n, useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useDesk } from '../../lib/use-desk';
import { useSession } from '../../lib/use-session';
import { useBotConversation } from './api/bot-conversation';
import { useChatSession, useCloseChat } from './api/chat-session';
import { addSentMessage, sendChatMessage, useChatMessages } from './api/messages';
import { useOpenChats } from './api/open-chats';
import { chatTitle, findChat } from './chat-key';
import { BotConversation } from './chat/BotConversation';
import { ChatNote, ChatScreen } from './chat/ChatScreen';
import { Composer, EMPTY_DRAFT, canSend, type ChatDraft } from './chat/Composer';
import { MessageList } from './chat/MessageList';
import { useChatPush } from './api/chat-push';

const fromStaff = (message: ChatMessage) => message.is_staff;

let temporaryId = 0;

function Header({
  title,
  onBack,
  onEnd,
  ending,
}: {
  title: string;
  onBack?: () => void;
  onEnd?: () => void;
  ending: boolean;
}) {
  const t = useT();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-1 border-b border-line bg-surface/95 px-1 backdrop-blur">
      {onBack ? (
        <button
          type="button"
          onClick={onBack}
          aria-label={t('support.admin.back')}
          className="flex h-touch w-touch shrink-0 items-center justify-center rounded-full hover:bg-surface-2"
        >
          <BackIcon />
        </button>
      ) : (
        <span className="w-3" />
      )}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-[17px] font-semibold">{title}</h1>
        <p className="text-xs text-muted">{t('support.admin.session')}</p>
      </div>
      {onEnd && (
        <button
          type="button"
          onClick={onEnd}
          disabled={ending}
          className="mr-1 h-10 shrink-0 rounded-full bg-down/10 px-4 text-sm font-semibold text-down hover:bg-down/20 disabled:opacity-50"
        >
          {t('support.admin.endChat')}
        </button>
      )}
    </header>
  );
}

/** The staff dashboard's address with `chatKey`'s conversation open beside the list (a desk). */
export const deskChatPath = (chatKey: string) =>
  `${PATHS.adminDashboard}?${new URLSearchParams({ chat: chatKey }).toString()}`;

export function AdminChatPage() {
  const key = useParams().userId ?? '';
  const navigate = useNavigate();
  const desk = useDesk();
  if (desk) return <Navigate to={deskChatPath(key)} replace />;
  return <AdminConversation chatKey={key} onBack={() => void navigate(PATHS.adminDashboard)} />;
}

/**
 * Staff's side of one conversation: the whole page on a phone, the right pane at a desk. `onBack`
 * (the phone's Back) also runs when the chat is ended; without it (a desk) `onEnded` does.
 */
export function AdminConversation({
  chatKey: key,
  onBack,
  onEnded,
  className,
}: {
  chatKey: string;
  onBack?: () => void;
  onEnded?: () => void;
  className?: string;
}) {
  useChatPush();
  const { t, message } = useI18n();
  const queryClient = useQueryClient();
  const me = useSession().user;

  // The list tells which session is this user's; once known, the session is followed directly.
  const [sessionId, setSessionId] = useState<string | null>(null);
  const chats = useOpenChats(sessionId ? false : CHAT_POLL_MS);
  const found = findChat(chats.data, key)?.messages[0]?.session ?? null;
  if (found && sessionId === null) setSessionId(found);
  // A chat beyond the first page of the list (docs/decisions/0020): look further until it is found.
  const lookFurther = !found && sessionId === null && chats.hasNextPage && !chats.isFetching;
  useEffect(() => {
    if (lookFurther) void chats.fetchNextPage();
  }, [lookFurther, chats]);

  const session = useChatSession(sessionId);
  // What the user asked the FAQ bot before staff joined (docs/decisions/0064-staff-desk-and-language-fit.md).
  const bot = useBotConversation(parseChatKey(key)?.user_id);
  const ended = session.data?.status === 'closed';
  const messages = useChatMessages(sessionId, { poll: !ended });
  const close = useCloseChat();
  const [draft, setDraft] = useState<ChatDraft>(EMPTY_DRAFT);
  const [unconfirmed, setUnconfirmed] = useState<ChatMessage[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);

  const title = session.data?.username || chatTitle(key);
  const leave = () => (onBack ?? onEnded)?.();

  const send = (outgoing: ChatDraft) => {
    if (!sessionId || !canSend(outgoing)) return;
    const preview = outgoing.image ? URL.createObjectURL(outgoing.image) : null;
    const optimistic: ChatMessage = {
      id: --temporaryId,
      session: sessionId,
      text: outgoing.text.trim(),
      image_url: preview,
      timestamp: new Date().toISOString(),
      is_staff: true,
      sender: me?.user_id ?? 0,
      sender_username: me?.username ?? '',
    };
    setUnconfirmed((list) => [...list, optimistic]);
    setDraft(EMPTY_DRAFT);
    setSendError(null);
    const settle = () => {
      setUnconfirmed((list) => list.filter((m) => m.id !== optimistic.id));
      if (preview) URL.revokeObjectURL(preview);
    };
    sendChatMessage({ sessionId, text: optimistic.text, image: outgoing.image }).then(
      (sent) => {
        addSentMessage(queryClient, sent);
        settle();
      },
      (error: unknown) => {
        console.error(MSG.sendMessageFailed, error);
        settle();
        setSendError(errorMessage(error, MSG.sendMessageFailed));
        // Nothing is lost: the failed message goes back into an empty box.
        setDraft((current) => (canSend(current) ? current : outgoing));
      },
    );
  };

  const endChat = () => {
    if (!sessionId) return;
    close.mutate(sessionId, {
      onSuccess: leave,
      onError: (error) => console.error('Failed to end chat', error),
    });
  };

  const shown = [...(messages.data ?? []), ...unconfirmed];
  const missing = chats.isSuccess && !found && sessionId === null;

  return (
    <ChatScreen
      className={className}
      header={
        <Header
          title={title}
          onBack={onBack}
          onEnd={sessionId && !ended ? endChat : undefined}
          ending={close.isPending}
        />
      }
      footer={
        <>
          {(sendError ?? close.error) && (
            <p role="alert" className="bg-down/10 px-4 py-2 text-center text-sm text-down">
              {message(sendError ?? errorMessage(close.error, MSG.somethingWentWrong))}
            </p>
          )}
          <Composer draft={draft} onDraftChange={setDraft} onSend={send} disabled={!session.isSuccess || ended} />
        </>
      }
    >
      {(chats.isPending || (sessionId && messages.isPending)) && <Spinner label={t('support.chat.loading')} />}
      {chats.isError && <ChatNote tone="error">{message(errorMessage(chats.error, MSG.somethingWentWrong))}</ChatNote>}
      {missing && <ChatNote>{t('support.admin.noOpenChat', { name: title })}</ChatNote>}
      {bot.data && <BotConversation exchanges={bot.data.exchanges} />}
      {messages.data && <MessageList messages={shown} isMine={fromStaff} earlier={messages} />}
      {ended && <ChatNote>{message(MSG.chatClosed)}</ChatNote>}
    </ChatScreen>
  );
}

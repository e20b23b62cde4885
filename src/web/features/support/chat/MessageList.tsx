/**
 * The messages of a chat as bubbles: one's own on the right, the other side's on the left with the
 * sender's name, the time under each, pictures as thumbnails that open full size. Text is React
 * text, never HTML. The view follows new messages down. A long chat comes in pages
 * (docs/decisions/0050): "Load more" above the first message brings the earlier ones.
 */
import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../shared/api/support';
import { cx } from '../../../components/cx';
import { LoadMore, type PagedQuery } from '../../../components/LoadMore';
import { useT } from '../../../lib/i18n';
import { useMessageTime } from '../message-time';
import { ImageViewer } from './ImageViewer';

/** Messages not yet confirmed by the server carry a negative id. */
const isPendingMessage = (message: ChatMessage) => message.id < 0;

function Bubble({
  message,
  mine,
  showName,
  onOpenImage,
}: {
  message: ChatMessage;
  mine: boolean;
  showName: boolean;
  onOpenImage: (src: string) => void;
}) {
  const t = useT();
  const messageTime = useMessageTime();
  const pending = isPendingMessage(message);
  return (
    <li
      className={cx('flex max-w-[80%] flex-col', mine ? 'items-end self-end' : 'items-start self-start')}
      data-testid="chat-message"
      data-mine={mine}
    >
      {showName && <span className="mb-1 px-1 text-xs text-muted">{message.sender_username}</span>}
      <div
        className={cx(
          'flex flex-col gap-2 rounded-2xl px-3.5 py-2.5 text-[15px] leading-snug',
          mine ? 'rounded-br-md bg-primary text-white' : 'rounded-bl-md bg-surface text-ink shadow-card',
          pending && 'opacity-70',
        )}
      >
        {message.image_url && (
          <button
            type="button"
            onClick={() => onOpenImage(message.image_url!)}
            aria-label={t('support.image.enlarge')}
            className="-mx-1.5 self-start overflow-hidden rounded-xl"
          >
            <img
              src={message.image_url}
              alt={t('support.image.sent')}
              className="h-40 w-40 bg-surface-2 object-cover"
            />
          </button>
        )}
        {message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>}
      </div>
      <span className="mt-1 px-1 text-[11px] text-muted">
        {pending ? (
          t('support.messages.sending')
        ) : (
          <time dateTime={message.timestamp}>{messageTime(message.timestamp)}</time>
        )}
      </span>
    </li>
  );
}

export function MessageList({
  messages,
  isMine,
  earlier,
}: {
  messages: ChatMessage[];
  isMine: (message: ChatMessage) => boolean;
  /** The chat's pages: earlier messages load on request. */
  earlier?: PagedQuery;
}) {
  const t = useT();
  const [enlarged, setEnlarged] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  // Down to a new last message; earlier pages arriving above leave the view where it is.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  return (
    <>
      {earlier && (
        <div className="flex justify-center">
          <LoadMore query={earlier} label={t('support.messages.loadEarlier')} />
        </div>
      )}
      <ol className="flex flex-col gap-3" aria-label={t('support.messages.label')}>
        {messages.map((message, i) => {
          const mine = isMine(message);
          const previous = messages[i - 1];
          const showName = !mine && (!previous || previous.sender !== message.sender);
          return (
            <Bubble key={message.id} message={message} mine={mine} showName={showName} onOpenImage={setEnlarged} />
          );
        })}
      </ol>
      <div ref={end} />
      <ImageViewer src={enlarged} onClose={() => setEnlarged(null)} />
    </>
  );
}

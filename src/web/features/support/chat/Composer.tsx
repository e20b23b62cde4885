/**
 * The bottom bar of both chats (docs/product.md sections 2 and 5): attach an image (image types only, at
 * most 5 MB, previewed and removable), pick an emoji, type, Send. Send needs text or an image.
 * The draft belongs to the page, so a page may put back a message that failed to send.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_TEXT_MAX } from '../../../../shared/api/support';
import { cx } from '../../../components/cx';
import { CloseIcon, PaperclipIcon, SendIcon, SmileIcon } from '../../../components/icons';
import { useI18n } from '../../../lib/i18n';
import { IMAGE_ACCEPT, imageFileProblem } from '../../../lib/image-file';
import { useObjectUrl } from '../../../lib/use-object-url';
import { EmojiPicker } from './EmojiPicker';

export interface ChatDraft {
  text: string;
  image: File | null;
}

export const EMPTY_DRAFT: ChatDraft = { text: '', image: null };

export const canSend = (draft: ChatDraft) => draft.text.trim() !== '' || draft.image !== null;

interface Props {
  draft: ChatDraft;
  onDraftChange: (draft: ChatDraft) => void;
  onSend: (draft: ChatDraft) => void;
  /** The chat has ended, or is not loaded yet. */
  disabled?: boolean;
  busy?: boolean;
}

const iconButton =
  'flex h-touch w-touch shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent';

export function Composer({ draft, onDraftChange, onSend, disabled = false, busy = false }: Props) {
  const { t, message } = useI18n();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textInput = useRef<HTMLInputElement>(null);
  const emojiArea = useRef<HTMLDivElement>(null);
  const caret = useRef<number | null>(null);
  const preview = useObjectUrl(draft.image);

  // A tap outside the picker closes it.
  useEffect(() => {
    if (!pickerOpen) return;
    const onDown = (event: PointerEvent) => {
      if (!emojiArea.current?.contains(event.target as Node)) setPickerOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [pickerOpen]);

  // After an emoji went in, the caret goes just after it.
  useEffect(() => {
    if (caret.current === null || !textInput.current) return;
    textInput.current.focus();
    textInput.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [draft.text]);

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    const why = imageFileProblem(file);
    setProblem(why);
    if (!why) onDraftChange({ ...draft, image: file });
  };

  const insertEmoji = (emoji: string) => {
    const input = textInput.current;
    const start = input?.selectionStart ?? draft.text.length;
    const end = input?.selectionEnd ?? start;
    caret.current = start + emoji.length;
    onDraftChange({ ...draft, text: `${draft.text.slice(0, start)}${emoji}${draft.text.slice(end)}` });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled || busy || !canSend(draft)) return;
    setProblem(null);
    onSend(draft);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t('support.composer.label')}
      className="border-t border-line bg-surface px-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] pt-2"
    >
      {problem && !disabled && (
        <p role="alert" className="mb-2 rounded-lg bg-down/10 px-3 py-2 text-sm text-down">
          {message(problem)}
        </p>
      )}
      {preview && (
        <div className="relative mb-2 ml-1 inline-block">
          <img
            src={preview}
            alt={t('support.composer.imageToSend')}
            className="h-16 w-16 rounded-lg bg-surface-2 object-cover"
          />
          <button
            type="button"
            onClick={() => onDraftChange({ ...draft, image: null })}
            aria-label={t('support.composer.removeImage')}
            className="absolute -right-3.5 -top-3.5 flex h-touch w-touch items-center justify-center"
          >
            <span className="flex h-6 w-6 items-center justify-center rounded-full bg-ink text-bg">
              <CloseIcon size={14} strokeWidth={2.4} />
            </span>
          </button>
        </div>
      )}
      <div className="flex items-center gap-0.5">
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label={t('support.composer.imageFile')}
          tabIndex={-1}
          className="sr-only"
          disabled={disabled}
          onChange={(event) => {
            pickFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          aria-label={t('support.composer.attach')}
          disabled={disabled}
          className={iconButton}
        >
          <PaperclipIcon size={22} />
        </button>
        <div ref={emojiArea} className="relative">
          <button
            type="button"
            onClick={() => setPickerOpen((open) => !open)}
            aria-label={t('support.composer.emoji')}
            aria-expanded={pickerOpen}
            aria-haspopup="dialog"
            disabled={disabled}
            className={cx(iconButton, pickerOpen && 'bg-surface-2 text-primary')}
          >
            <SmileIcon size={22} />
          </button>
          {pickerOpen && <EmojiPicker onPick={insertEmoji} onClose={() => setPickerOpen(false)} />}
        </div>
        <input
          ref={textInput}
          type="text"
          aria-label={t('support.composer.message')}
          placeholder={t('support.composer.placeholder')}
          maxLength={CHAT_TEXT_MAX}
          autoComplete="off"
          enterKeyHint="send"
          value={draft.text}
          disabled={disabled}
          onChange={(event) => onDraftChange({ ...draft, text: event.target.value })}
          className="mx-1 h-11 min-w-0 flex-1 rounded-full border border-field-line bg-field px-4 text-[15px] text-ink placeholder:text-muted/70 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25 disabled:opacity-60"
        />
        <button
          type="submit"
          disabled={disabled || busy || !canSend(draft)}
          aria-busy={busy || undefined}
          className="flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-primary px-4 text-[15px] font-semibold text-white hover:bg-primary-hover disabled:bg-primary/40 disabled:text-white/80"
        >
          <SendIcon size={18} />
          {t('support.composer.send')}
        </button>
      </div>
    </form>
  );
}

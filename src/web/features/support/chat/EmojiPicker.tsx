/**
 * The chat's emoji picker (docs/product.md section 9: 350 x 450, a recent list of at most 14): a pick is
 * remembered and closes the picker. Escape closes it too.
 */
import { useEffect, useRef, useState } from 'react';
import { EMOJI_PICKER } from '../../../../shared/constants';
import { useT, type TextKey } from '../../../lib/i18n';
import { EMOJI_GROUPS, readRecentEmoji, rememberEmoji } from './emoji';

/** Each group's name (emoji.ts) in the language shown. */
const GROUP_NAMES: Readonly<Record<string, TextKey>> = {
  Smileys: 'support.emoji.smileys',
  Gestures: 'support.emoji.gestures',
  Symbols: 'support.emoji.symbols',
  'Money and devices': 'support.emoji.moneyAndDevices',
};

function Group({ name, emoji, onPick }: { name: string; emoji: readonly string[]; onPick: (emoji: string) => void }) {
  return (
    <section aria-label={name}>
      <h3 className="px-1 pb-1 pt-2 text-xs font-medium text-muted">{name}</h3>
      <div className="grid grid-cols-8">
        {emoji.map((e) => (
          <button
            key={e}
            type="button"
            onClick={() => onPick(e)}
            className="flex h-10 w-full items-center justify-center rounded-lg text-2xl [font-family:'Apple_Color_Emoji','Segoe_UI_Emoji','Noto_Color_Emoji',sans-serif] hover:bg-surface-2"
          >
            {e}
          </button>
        ))}
      </div>
    </section>
  );
}

export function EmojiPicker({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  const t = useT();
  const [recent] = useState(readRecentEmoji);
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const pick = (emoji: string) => {
    rememberEmoji(emoji);
    onPick(emoji);
    onClose();
  };

  return (
    <div
      ref={panel}
      role="dialog"
      aria-label={t('support.composer.emoji')}
      style={{ width: EMOJI_PICKER.width, height: EMOJI_PICKER.height }}
      className="absolute bottom-full left-0 z-30 mb-2 flex max-h-[60dvh] max-w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sheet"
    >
      <div className="flex-1 overflow-y-auto px-2 pb-2">
        {recent.length > 0 && <Group name={t('support.emoji.recent')} emoji={recent} onPick={pick} />}
        {EMOJI_GROUPS.map((group) => (
          <Group
            key={group.name}
            name={t(GROUP_NAMES[group.name] ?? 'support.emoji.symbols')}
            emoji={group.emoji}
            onPick={pick}
          />
        ))}
      </div>
    </div>
  );
}

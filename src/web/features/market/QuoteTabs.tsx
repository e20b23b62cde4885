/** The Markets quote tabs (USDT, BTC, ...): a scrolling row of tabs, arrow keys move between them. */
import { useRef, type KeyboardEvent } from 'react';
import { cx } from '../../components/cx';
import { useT } from '../../lib/i18n';

export const quoteTabId = (quote: string) => `quote-tab-${quote}`;
export const QUOTE_PANEL_ID = 'quote-panel';

export function QuoteTabs({
  tabs,
  selected,
  onSelect,
  labelOf = (quote) => quote,
}: {
  tabs: readonly string[];
  selected: string;
  onSelect: (quote: string) => void;
  /** A tab's text: the quote itself, or e.g. 'Favourites' for the favourites tab. */
  labelOf?: (tab: string) => string;
}) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(selected) + step + tabs.length) % tabs.length]!;
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#${quoteTabId(next)}`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t('markets.quoteCurrency')}
      onKeyDown={onKeyDown}
      className="flex justify-between overflow-x-auto px-2 [scrollbar-width:none]"
    >
      {tabs.map((quote) => {
        const active = quote === selected;
        return (
          <button
            key={quote}
            type="button"
            role="tab"
            id={quoteTabId(quote)}
            aria-selected={active}
            aria-controls={QUOTE_PANEL_ID}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(quote)}
            className={cx(
              'relative h-touch shrink-0 px-2.5 text-[14px] font-semibold transition-colors',
              active ? 'text-ink' : 'text-muted hover:text-ink',
            )}
          >
            {labelOf(quote)}
            <span
              aria-hidden="true"
              className={cx(
                'absolute inset-x-2.5 bottom-1 h-[3px] rounded-full',
                active ? 'bg-primary' : 'bg-transparent',
              )}
            />
          </button>
        );
      })}
    </div>
  );
}

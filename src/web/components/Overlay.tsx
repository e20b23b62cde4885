/**
 * Modal panels over the app column: a bottom sheet and a side drawer. Escape and the backdrop close
 * them, focus moves in on open and back to the opener on close, Tab stays inside.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../lib/i18n';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Focus moves into `panel` on open (its [data-autofocus], else its first control) and back to the
 * opener on close; Escape closes. `contain` (the sheets and drawers) also keeps Tab inside, stops
 * the page behind from scrolling and keeps Escape from reaching other listeners; the chat's image
 * viewer leaves those alone.
 */
export function useModalBehaviour(open: boolean, onClose: () => void, contain = true) {
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const overflow = document.body.style.overflow;
    if (contain) document.body.style.overflow = 'hidden';

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (contain) event.stopPropagation();
        closeRef.current();
        return;
      }
      if (!contain || event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) {
        // Nothing to move to: focus stays where it is, inside.
        event.preventDefault();
        return;
      }
      const at = document.activeElement;
      // Focus outside the panel (a click on its text leaves it on <body>) re-enters at the near end,
      // rather than Tab walking on into the page behind (docs/decisions/0043-languages.md: sheets trap focus).
      if (!(at instanceof Node) || !node.contains(at)) {
        event.preventDefault();
        (event.shiftKey ? tail : head).focus();
      } else if (event.shiftKey && at === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && at === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (contain) document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open, contain]);

  return panel;
}

interface PanelProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/** The backdrop, the app column and the dialog panel both kinds of overlay share. */
function ModalPanel({
  open,
  onClose,
  columnClassName,
  panelClassName,
  heading,
  children,
}: Omit<PanelProps, 'title'> & {
  columnClassName: string;
  panelClassName: string;
  /** The title row, labelling the dialog by `titleId`. */
  heading: (titleId: string) => ReactNode;
}) {
  const panel = useModalBehaviour(open, onClose);
  const titleId = useId();
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex justify-center">
      <div className="absolute inset-0 animate-fade-in bg-black/50" onClick={onClose} aria-hidden="true" />
      <div className={`pointer-events-none relative flex w-full max-w-app ${columnClassName}`.trimEnd()}>
        <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} className={panelClassName}>
          {heading(titleId)}
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}

function CloseButton({ onClose, className }: { onClose: () => void; className: string }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={t('common.close')}
      className={`${className} flex h-touch min-w-touch items-center justify-center rounded-full text-muted hover:bg-surface-2`.trimStart()}
    >
      <CloseIcon size={20} />
    </button>
  );
}

export function BottomSheet({ open, onClose, title, children }: PanelProps) {
  return (
    <ModalPanel
      open={open}
      onClose={onClose}
      columnClassName="items-end"
      panelClassName="pointer-events-auto max-h-[90dvh] w-full animate-slide-up overflow-y-auto rounded-t-3xl bg-surface px-5 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-2 shadow-sheet"
      heading={(titleId) => (
        <>
          <div className="mx-auto mb-2 h-1 w-10 rounded-full bg-line" aria-hidden="true" />
          <div className="mb-4 flex items-center justify-between">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <CloseButton onClose={onClose} className="-mr-2" />
          </div>
        </>
      )}
    >
      {children}
    </ModalPanel>
  );
}

/** A panel from the left; `showTitle` puts the title in a visible header with a close button. */
export function SideDrawer({
  open,
  onClose,
  title,
  children,
  showTitle = false,
}: PanelProps & { showTitle?: boolean }) {
  return (
    <ModalPanel
      open={open}
      onClose={onClose}
      columnClassName=""
      panelClassName="pointer-events-auto flex h-full w-[84%] max-w-[340px] animate-slide-in-left flex-col overflow-y-auto bg-surface shadow-sheet"
      heading={(titleId) =>
        showTitle ? (
          <div className="flex h-14 items-center justify-between border-b border-line pl-5 pr-2">
            <h2 id={titleId} className="text-[17px] font-semibold">
              {title}
            </h2>
            <CloseButton onClose={onClose} className="" />
          </div>
        ) : (
          <h2 id={titleId} className="sr-only">
            {title}
          </h2>
        )
      }
    >
      {children}
    </ModalPanel>
  );
}

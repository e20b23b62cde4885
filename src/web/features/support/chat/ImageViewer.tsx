/** A chat picture at full size over the chat; the backdrop, the close button and Escape close it. */
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../../components/icons';
import { useModalBehaviour } from '../../../components/Overlay';
import { useT } from '../../../lib/i18n';

export function ImageViewer({ src, onClose }: { src: string | null; onClose: () => void }) {
  const t = useT();
  // Focus goes to the close button (the only control), Escape closes, focus returns on close.
  const viewer = useModalBehaviour(Boolean(src), onClose, false);
  if (!src) return null;
  return createPortal(
    <div
      ref={viewer}
      role="dialog"
      aria-modal="true"
      aria-label={t('support.image.label')}
      className="fixed inset-0 z-50 flex animate-fade-in items-center justify-center bg-black/90 p-4"
      onClick={onClose}
    >
      <img src={src} alt={t('support.image.fullSize')} className="max-h-full max-w-full object-contain" />
      <button
        type="button"
        onClick={onClose}
        aria-label={t('support.image.close')}
        className="absolute right-2 top-[max(0.5rem,env(safe-area-inset-top))] flex h-touch w-touch items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60"
      >
        <CloseIcon size={22} />
      </button>
    </div>,
    document.body,
  );
}

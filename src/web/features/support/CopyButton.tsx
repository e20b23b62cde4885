/** Copies a text (a deposit address) and says 'Copied!' for 2 seconds (SPEC.md section 9). */
import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { CopyIcon } from '../../components/icons';

/** The clipboard API where the page may use it, else the old selection trick (older WebViews). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(text)) setCopied(true);
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={copied ? MSG.copied : label}
      className={cx(
        'flex h-touch shrink-0 items-center gap-1 rounded-lg px-2.5 text-[13px] font-semibold',
        copied ? 'text-up' : 'text-primary hover:bg-primary/10',
      )}
    >
      {!copied && <CopyIcon size={16} />}
      <span aria-live="polite">{copied ? MSG.copied : 'Copy'}</span>
    </button>
  );
}

/**
 * One document photo of the identity form: a tile to pick an image, its preview once picked, and a
 * way to remove it. Wrong types and files over 5 MB are refused here with the server's own words.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { cx } from '../../components/cx';
import { CloseIcon, IdCardIcon } from '../../components/icons';
import { useI18n } from '../../lib/i18n';
import { IMAGE_ACCEPT, imageFileProblem } from '../../lib/image-file';
import { useObjectUrl } from '../../lib/use-object-url';

interface Props {
  name: string;
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The form's message (a missing image, the server's word on this file). */
  error?: string;
}

export function ImageUploadField({ name, label, file, onChange, error }: Props) {
  const { t, message: translate } = useI18n();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const message = problem ?? error;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Cleared so picking the same file again after removing it still counts as a change.
    event.target.value = '';
    if (!picked) return;
    const why = imageFileProblem(picked);
    setProblem(why);
    if (!why) onChange(picked);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-[13px] font-medium text-muted" aria-hidden="true">
        {label}
      </span>
      <div className="relative">
        <input
          id={inputId}
          name={name}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label={label}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          onChange={pick}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={cx(
            'flex h-40 cursor-pointer items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-field transition-colors hover:border-primary peer-focus-visible:ring-2 peer-focus-visible:ring-primary peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-bg',
            message ? 'border-down' : file ? 'border-transparent' : 'border-field-line',
          )}
        >
          {preview ? (
            <img
              src={preview}
              alt={t('identity.images.preview', { label })}
              className="h-full w-full bg-surface-2 object-contain"
            />
          ) : (
            <span className="flex flex-col items-center gap-2 text-muted">
              <IdCardIcon size={32} />
              <span className="text-sm">{t('identity.images.tapToUpload')}</span>
            </span>
          )}
        </label>
        {file && (
          <button
            type="button"
            onClick={() => {
              setProblem(null);
              onChange(null);
            }}
            aria-label={t('identity.images.remove', { label })}
            className="absolute right-1 top-1 flex h-touch w-touch items-center justify-center rounded-full"
          >
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-black/60 text-white">
              <CloseIcon size={18} />
            </span>
          </button>
        )}
      </div>
      {message && (
        <p id={`${inputId}-error`} className="text-xs text-down">
          {translate(message)}
        </p>
      )}
    </div>
  );
}

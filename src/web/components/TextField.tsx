/**
 * A labelled input with an optional hint, error and trailing control (a show-password eye, a
 * send-code button). The label is always visible: placeholders are not labels.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { cx } from './cx';
import { EyeIcon, EyeOffIcon } from './icons';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  trailing?: ReactNode;
}

export function TextField({ label, hint, error, trailing, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-[13px] font-medium text-muted">
        {label}
      </label>
      <div
        className={cx(
          'flex h-12 items-center rounded-xl border bg-field transition-[border-color,box-shadow] focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/25',
          error ? 'border-down' : 'border-field-line',
          input.disabled || input.readOnly ? 'opacity-70' : '',
        )}
      >
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          className="h-full min-w-0 flex-1 bg-transparent px-4 text-[15px] text-ink placeholder:text-muted/70 focus:outline-none focus-visible:ring-0 focus-visible:ring-offset-0"
          {...input}
        />
        {trailing && <div className="flex shrink-0 items-center pr-1.5">{trailing}</div>}
      </div>
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-down">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="flex h-touch min-w-touch items-center justify-center rounded-lg text-muted hover:text-ink"
          aria-label={visible ? t('common.password.hide') : t('common.password.show')}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
}

/** The account email input of the log-in, sign-up and forgot-password forms. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  const t = useT();
  return (
    <TextField
      label={t('common.email.label')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('common.email.placeholder')}
      {...props}
    />
  );
}

/** The 6-digit emailed code (OTP) input; `trailing` holds its send or resend button. */
export function CodeField(props: Omit<TextFieldProps, 'label'>) {
  const t = useT();
  return (
    <TextField
      label={t('common.code.label')}
      name="otp"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      placeholder={t('common.code.placeholder')}
      {...props}
    />
  );
}

/**
 * The shape both change screens share (docs/product.md section 2 "Safety center"): new password, confirm,
 * the emailed code with its send action, and submit. Success shows the message and goes back after
 * 2 seconds. Each screen brings its own checks and call.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { PASSWORD_UPDATE_REDIRECT_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PasswordField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import type { FieldErrors } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useGoBack } from '../../lib/use-go-back';
import { useSendSecurityCode } from './api/security-code';
import { SecurityCodeField } from './SecurityCodeField';

export interface PasswordChangeValues {
  password: string;
  confirm: string;
  otp: string;
}

interface Props {
  passwordLabel: string;
  passwordHint?: string;
  maxLength?: number;
  /** Transaction password: submit only once a code has been sent. */
  submitNeedsCode?: boolean;
  /** Messages per field (password, confirm, otp), or null when the values may be sent. */
  check: (values: PasswordChangeValues) => FieldErrors | null;
  save: (body: { new_password: string; otp: string }) => Promise<{ message: string }>;
  onSaved?: () => void;
  errorFallback: string;
}

export function PasswordChangeForm({
  passwordLabel,
  passwordHint,
  maxLength,
  submitNeedsCode = false,
  check,
  save,
  onSaved,
  errorFallback,
}: Props) {
  const { t, message } = useI18n();
  const goBack = useGoBack(PATHS.safetyCenter);
  const sendCode = useSendSecurityCode();
  const change = useMutation({ mutationFn: save, onSuccess: onSaved });
  const [values, setValues] = useState<PasswordChangeValues>({ password: '', confirm: '', otp: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const done = change.isSuccess;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(goBack, PASSWORD_UPDATE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, goBack]);

  const set = (field: keyof PasswordChangeValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = check(values);
    // The checks give the shared tables' English; each field shows it in the language picked.
    setErrors(problems ? Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, message(v)])) : {});
    if (problems) return;
    change.mutate({ new_password: values.password, otp: values.otp.trim() });
  };

  const codeSent = sendCode.isSuccess;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <PasswordField
        label={passwordLabel}
        name="new-password"
        autoComplete="new-password"
        maxLength={maxLength}
        hint={passwordHint}
        value={values.password}
        onChange={(e) => set('password')(e.target.value)}
        error={errors.password}
      />
      <PasswordField
        label={t('safety.password.confirmPassword')}
        name="confirm-password"
        autoComplete="new-password"
        maxLength={maxLength}
        value={values.confirm}
        onChange={(e) => set('confirm')(e.target.value)}
        error={errors.confirm}
      />
      <SecurityCodeField value={values.otp} onChange={set('otp')} error={errors.otp} sendCode={sendCode} />
      {codeSent && !done && !change.isError && <Notice tone="success">{message(sendCode.data.message)}</Notice>}
      {sendCode.isError && <Notice tone="error">{errorMessage(sendCode.error, MSG.sendOtpFailed)}</Notice>}
      {change.isError && <Notice tone="error">{errorMessage(change.error, errorFallback)}</Notice>}
      {done && <Notice tone="success">{message(change.data.message)}</Notice>}
      <Button type="submit" disabled={done || (submitNeedsCode && !codeSent)} busy={change.isPending}>
        {t('safety.password.confirm')}
      </Button>
    </form>
  );
}

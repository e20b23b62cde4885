/**
 * /forgot-password (docs/product.md sections 2, 4, 5): the email gets a code; then a bottom sheet takes the
 * code and the new password, with a resend link. A successful reset goes to /login.
 */
import { useState, type FormEvent } from 'react';
import { OTP_RESEND_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { EmailField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { checkFormLazily } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useCooldown } from '../../lib/use-cooldown';
import { useForgotPassword } from './api/forgot-password';
import { AuthIntro } from './AuthIntro';
import { ResetPasswordSheet } from './ResetPasswordSheet';
import { authSchemas, preloadAuthSchemas } from './schemas';

export function ForgotPasswordPage() {
  const { t, message } = useI18n();
  const forgot = useForgotPassword();
  const resend = useCooldown();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [sheetOpen, setSheetOpen] = useState(false);

  const requestCode = (address: string, onSent?: () => void) =>
    forgot.mutate(address, {
      onSuccess: () => {
        setSentTo(address);
        resend.start(OTP_RESEND_MS);
        setSheetOpen(true);
        onSent?.();
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return setError(MSG.enterEmail);
    void checkFormLazily(async () => (await authSchemas()).emailOnlyBody, { email }).then((form) => {
      setError(form.errors?.email ?? form.errors?.form);
      if (form.data) requestCode(form.data.email);
    });
  };

  return (
    <>
      <PageHeader title={t('auth.forgot.header')} fallback={PATHS.login} />
      <Screen>
        <form noValidate onSubmit={submit} onFocus={preloadAuthSchemas} className="flex flex-col gap-4">
          <AuthIntro title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={error && message(error)} />
          {forgot.isError && !sheetOpen && <Notice tone="error">{errorMessage(forgot.error, MSG.forgotFailed)}</Notice>}
          <Button type="submit" busy={forgot.isPending && !sheetOpen}>
            {t('auth.forgot.sendCode')}
          </Button>
          {sentTo && !sheetOpen && (
            <Button variant="ghost" onClick={() => setSheetOpen(true)}>
              {t('auth.forgot.haveCode')}
            </Button>
          )}
        </form>
      </Screen>
      {sentTo && (
        <ResetPasswordSheet
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          email={sentTo}
          resend={{
            secondsLeft: resend.secondsLeft,
            busy: forgot.isPending,
            error: forgot.isError ? errorMessage(forgot.error, MSG.forgotFailed) : undefined,
            onResend: (onSent) => requestCode(sentTo, onSent),
          }}
        />
      )}
    </>
  );
}

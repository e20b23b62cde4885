/** The authenticator or recovery code of a sign-in or a password reset with 2FA on (docs/security.md). */
import { TextField, type TextFieldProps } from '../../components/TextField';
import { useI18n } from '../../lib/i18n';

export function TwoFactorCodeField(props: Omit<TextFieldProps, 'label' | 'name' | 'hint'>) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('auth.twoFactor.code')}
      name="two_factor_code"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={32}
      hint={t('auth.twoFactor.hint')}
      {...props}
    />
  );
}

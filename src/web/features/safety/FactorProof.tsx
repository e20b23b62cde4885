/**
 * What adding or removing a second factor asks for (docs/decisions/0045-second-factor-guards-itself.md):
 * with one on, the authenticator or recovery code, or a passkey (asked of the device on submit);
 * with none on, the login password and the code mailed by "Send code".
 */
import { useState } from 'react';
import type { FactorChangeProof } from '../../../shared/api/security';
import { PasswordField, TextField } from '../../components/TextField';
import { useI18n } from '../../lib/i18n';
import { usePasskeyProof } from './api/passkeys';
import { useSendSecurityCode } from './api/security-code';
import { useTwoFactorStatus } from './api/two-factor';
import { SecurityCodeField } from './SecurityCodeField';

export function useFactorProof() {
  const status = useTwoFactorStatus();
  const passkeyProof = usePasskeyProof();
  const sendCode = useSendSecurityCode();
  const [password, setPassword] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [code, setCode] = useState('');
  const methods = status.data?.methods ?? [];

  /** The proof of the request; a passkey is asked of the device only now, on submit. */
  const build = async (): Promise<FactorChangeProof> => {
    if (methods.length === 0) return { password, email_code: emailCode.trim() };
    if (methods.includes('totp') && code.trim() !== '') return { two_factor_code: code.trim() };
    if (methods.includes('passkey')) return { passkey: await passkeyProof() };
    return { two_factor_code: code.trim() };
  };
  /** After a try: a used code is gone, so the fields are emptied for the next one. */
  const clear = () => {
    setEmailCode('');
    setCode('');
  };
  return {
    ready: status.isSuccess,
    methods,
    fields: { password, setPassword, emailCode, setEmailCode, code, setCode, sendCode },
    build,
    clear,
  };
}

export type FactorProof = ReturnType<typeof useFactorProof>;

export function FactorProofFields({ proof }: { proof: FactorProof }) {
  const { t } = useI18n();
  const { methods, fields } = proof;
  if (!proof.ready) return null;
  if (methods.length === 0)
    return (
      <>
        <p className="text-sm text-muted">{t('safety.proof.intro')}</p>
        <PasswordField
          label={t('safety.proof.password')}
          name="current-password"
          autoComplete="current-password"
          value={fields.password}
          onChange={(e) => fields.setPassword(e.target.value)}
        />
        <SecurityCodeField value={fields.emailCode} onChange={fields.setEmailCode} sendCode={fields.sendCode} />
      </>
    );
  if (!methods.includes('totp')) return <p className="text-sm text-muted">{t('safety.proof.passkeyOnly')}</p>;
  return (
    <TextField
      label={t('safety.twoFactor.codeLabel')}
      name="two-factor-code"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={32}
      hint={methods.includes('passkey') ? t('safety.proof.codeOrPasskey') : undefined}
      value={fields.code}
      onChange={(e) => fields.setCode(e.target.value)}
    />
  );
}

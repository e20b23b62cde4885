/**
 * Passkey buttons of the sign-in screens (docs/decisions/0022-passkeys.md): "Sign in with a passkey" on /login (no
 * password), and "Use a passkey" for the second step of a login with 2FA on. Both store the session
 * and go on as a password login does; a browser without WebAuthn gets a clear message.
 */
import type { LoginResponse } from '../../../shared/api/auth';
import { PASSKEY_MSG } from '../../../shared/passkey-texts';
import { Button } from '../../components/Button';
import { KeyIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { useT } from '../../lib/i18n';
import { passkeyErrorMessage } from '../../lib/passkeys';
import { usePasskeySecondStep, usePasskeySignIn } from './api/passkey-login';
import { useSignedIn } from './signed-in';

export function PasskeySignInButton() {
  const t = useT();
  const signIn = usePasskeySignIn();
  const signedIn = useSignedIn();
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        busy={signIn.isPending}
        onClick={() => signIn.mutate(undefined, { onSuccess: signedIn })}
      >
        <KeyIcon size={18} aria-hidden="true" />
        {t('auth.passkey.signIn')}
      </Button>
      {signIn.isError && <Notice tone="error">{passkeyErrorMessage(signIn.error, PASSKEY_MSG.signInFailed)}</Notice>}
    </div>
  );
}

/**
 * For the 2FA step of /login: finishes the sign-in of `ticket` with a passkey instead of a code
 * (TwoFactorLoginStep's `alternatives`, when the challenge's methods include 'passkey').
 * @public
 */
export function UsePasskeyButton({
  ticket,
  onSignedIn,
}: {
  ticket: string;
  onSignedIn?: (session: LoginResponse) => void;
}) {
  const t = useT();
  const step = usePasskeySecondStep();
  const signedIn = useSignedIn();
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        busy={step.isPending}
        onClick={() => step.mutate(ticket, { onSuccess: onSignedIn ?? signedIn })}
      >
        <KeyIcon size={18} aria-hidden="true" />
        {t('auth.passkey.use')}
      </Button>
      {step.isError && <Notice tone="error">{passkeyErrorMessage(step.error, PASSKEY_MSG.notVerified)}</Notice>}
    </div>
  );
}

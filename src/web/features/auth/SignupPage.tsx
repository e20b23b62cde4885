/**
 * /signup in two steps (docs/product.md sections 2, 4, 5): the email gets a code, then the details. The back
 * arrow goes one step back, or out on step 1. A promotion code in the link (?code= or ?ref=) is
 * sent along as referral_code.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OTP_RESEND_MS } from '../../../shared/constants';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { useT } from '../../lib/i18n';
import { useCooldown } from '../../lib/use-cooldown';
import { useGoBack } from '../../lib/use-go-back';
import { PATHS } from '../../lib/paths';
import { SignupDetailsStep } from './SignupDetailsStep';
import { SignupEmailStep } from './SignupEmailStep';

export function SignupPage() {
  const t = useT();
  const [params] = useSearchParams();
  const referralCode = (params.get('code') ?? params.get('ref') ?? '').trim() || undefined;
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const resend = useCooldown();

  const leave = useGoBack(PATHS.login);
  const back = () => (step === 2 ? setStep(1) : leave());

  return (
    <>
      <PageHeader title={t('auth.signup.header', { step })} onBack={back} />
      <Screen>
        {step === 1 ? (
          <SignupEmailStep
            email={email}
            onEmailChange={setEmail}
            onCodeSent={(normalised) => {
              setEmail(normalised);
              resend.start(OTP_RESEND_MS);
              setStep(2);
            }}
          />
        ) : (
          <SignupDetailsStep email={email} referralCode={referralCode} resend={resend} />
        )}
      </Screen>
    </>
  );
}

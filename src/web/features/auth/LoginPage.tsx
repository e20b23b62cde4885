/**
 * /login: email and password (docs/product.md sections 2, 4, 5). Success stores the session and goes to
 * / (or on to the page the visitor was sent here from, `?next=`). The logo opens the logged-out drawer
 * (please-login, welcome, night mode, online service, clear cache), as on Home (docs/decisions/0043-languages.md).
 */
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { TwoFactorChallenge } from '../../../shared/api/auth';
import { Link, useLocation } from 'react-router';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { LogoMark } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { EmailField, PasswordField } from '../../components/TextField';
import { TryDemoButton } from '../demo';
import { errorMessage } from '../../lib/api';
import { checkFormLazily, type FieldErrors } from '../../lib/forms';
import { useI18n, useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useLogin } from './api/login';
import { AuthIntro, SwitchAuthLink } from './AuthIntro';
import { PasskeySignInButton, UsePasskeyButton } from './PasskeySignIn';
import { useSignedIn } from './signed-in';
import { authSchemas, preloadAuthSchemas } from './schemas';

/** The drawer loads on the first tap, so /login's first download stays small. */
const AccountDrawer = lazy(async () => ({ default: (await import('../account')).AccountDrawer }));

/**
 * The second step comes with its message table (shared/api/two-factor, which brings zod), so it is
 * not part of /login's first paint (docs/decisions/0085-server-rendered-first-paint.md, step 1);
 * focusing the form starts its download with the schemas (preloadLoginForm).
 */
const loadTwoFactorStep = () => import('./TwoFactorLoginStep');
const TwoFactorLoginStep = lazy(async () => ({ default: (await loadTwoFactorStep()).TwoFactorLoginStep }));

function preloadLoginForm(): void {
  preloadAuthSchemas();
  void loadTwoFactorStep().catch(() => {});
}

/** The logo, as on Home: it opens the account drawer (its logged-out variant here). */
function LogoMenu() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-label={`${t('auth.login.brand')}, ${t('home.openMenu')}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="-ml-2 flex h-touch items-center gap-2 rounded-xl px-2 hover:bg-surface-2"
      >
        <LogoMark size={32} />
        <span className="text-lg font-bold tracking-tight">{t('auth.login.brand')}</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <AccountDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Screens that send the user here with news (a reset password) pass it as `notice`; sign-up its `email`. */
export interface LoginLocationState {
  notice?: string;
  email?: string;
}

export function LoginPage() {
  const { t, message } = useI18n();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState((location.state as LoginLocationState | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const notice = (location.state as LoginLocationState | null)?.notice;
  // With 2FA on, the password step answers a ticket for a second step instead of a session.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const signedIn = useSignedIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void checkFormLazily(async () => (await authSchemas()).loginBody, { email, password }).then((form) => {
      setErrors(form.errors ?? {});
      if (!form.data) return;
      login.mutate(form.data, {
        onSuccess: (answer) => ('two_factor_required' in answer ? setChallenge(answer) : signedIn(answer)),
      });
    });
  };

  return (
    <Screen className="pt-[max(1.5rem,env(safe-area-inset-top))]">
      <div className="mb-8 flex items-center">
        <LogoMenu />
      </div>
      {challenge ? (
        <Suspense fallback={<Spinner />}>
          <TwoFactorLoginStep
            challenge={challenge}
            onSignedIn={signedIn}
            alternatives={
              challenge.methods.includes('passkey') ? (
                <UsePasskeyButton ticket={challenge.ticket} onSignedIn={signedIn} />
              ) : undefined
            }
            onBack={() => {
              setChallenge(null);
              login.reset();
            }}
          />
        </Suspense>
      ) : (
        <>
          <AuthIntro title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
          {notice && !login.isError && (
            <Notice tone="success" className="mb-4">
              {message(notice)}
            </Notice>
          )}
          <form noValidate onSubmit={submit} onFocus={preloadLoginForm} className="flex flex-col gap-4">
            <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
            <PasswordField
              label={t('auth.login.password')}
              name="password"
              autoComplete="current-password"
              placeholder={t('auth.login.passwordPlaceholder')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
            <div className="-mt-1 flex justify-end">
              <Link
                to={PATHS.forgotPassword}
                className="flex min-h-touch items-center rounded-md px-1 text-sm font-medium text-primary"
              >
                {t('auth.login.forgotPassword')}
              </Link>
            </div>
            {errors.form && <Notice tone="error">{message(errors.form)}</Notice>}
            {login.isError && <Notice tone="error">{errorMessage(login.error, MSG.loginFailed)}</Notice>}
            <Button type="submit" busy={login.isPending}>
              {t('auth.login.submit')}
            </Button>
          </form>
          <div className="my-5 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" />
            {t('auth.login.or')}
            <span className="h-px flex-1 bg-line" />
          </div>
          <PasskeySignInButton />
          <TryDemoButton className="mt-3" />
          <SwitchAuthLink
            question={t('auth.login.noAccount')}
            to={PATHS.signup}
            label={t('auth.login.signUp')}
            className="mt-6"
          />
        </>
      )}
    </Screen>
  );
}

/**
 * /safety-center: the two passwords, two-factor authentication and passkeys, the signed-in sessions,
 * the address book with its whitelist and the anti-phishing code, each row leading to its screen;
 * and the locks in force ("Withdrawals locked until ...", docs/security.md "## Locks").
 */
import { Link } from 'react-router';
import type { ComponentType, SVGProps } from 'react';
import { PROTECTION_MSG, type AccountLock } from '../../../shared/api/protection';
import { SESSIONS_MSG } from '../../../shared/messages';
import { ChevronRightIcon, GlobeIcon, KeyIcon, LockIcon, ShieldIcon, WalletIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { PATHS } from '../../lib/paths';
import { useUserInfo } from '../account';
import { useTwoFactorStatus } from './api/two-factor';
import { useSecurityStatus } from './api/protection';

function Locks({ locks }: { locks: AccountLock[] }) {
  if (locks.length === 0) return null;
  return (
    <section aria-label="Locks" className="mt-2 rounded-2xl bg-down/10 px-4 py-3 text-down">
      {locks.map((lock) => (
        <p key={`${lock.scope}-${lock.reason}`} className="text-sm">
          <span className="font-semibold">{PROTECTION_MSG.lockLine(lock.scope, new Date(lock.until))}</span>{' '}
          <span className="text-down/80">{PROTECTION_MSG.lockBecause(lock.reason)}</span>
        </p>
      ))}
    </section>
  );
}

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

function Row({ to, title, detail, Icon }: { to: string; title: string; detail: string; Icon: Icon }) {
  return (
    <li>
      <Link to={to} className="flex min-h-[64px] items-center gap-3 px-4 py-3 hover:bg-surface-2">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon size={20} />
        </span>
        <span className="flex-1">
          <span className="block text-[15px] font-medium">{title}</span>
          <span className="block text-[13px] text-muted">{detail}</span>
        </span>
        <ChevronRightIcon size={18} className="text-muted" />
      </Link>
    </li>
  );
}

export function SafetyCenterPage() {
  const info = useUserInfo().data;
  const twoFactor = useTwoFactorStatus().data;
  const twoFactorDetail =
    twoFactor === undefined
      ? 'A code from your phone at sign-in'
      : twoFactor.totp
        ? 'On · authenticator app'
        : 'Off · protect sign-in and withdrawals';
  const transactionDetail =
    info === undefined
      ? 'Confirms withdrawals'
      : info.has_transaction_password
        ? 'Set · change it with an emailed code'
        : 'Not set yet · needed to withdraw';
  const status = useSecurityStatus().data;
  const addressDetail =
    status === undefined
      ? 'Saved withdrawal addresses'
      : status.whitelist_enabled
        ? 'Whitelist on · withdrawals only to saved addresses'
        : 'Whitelist off · save addresses you withdraw to';
  const phishingDetail =
    status?.anti_phishing_code != null
      ? `${status.anti_phishing_code} · shown in every mail from us`
      : 'Not set · tells our mails from phishing';
  return (
    <>
      <PageHeader title="Safety center" />
      <Screen>
        {status && <Locks locks={status.locks} />}
        <ul className="mt-2 divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          <Row
            to={PATHS.loginPassword}
            title="Login password"
            detail="Change the password you log in with"
            Icon={LockIcon}
          />
          <Row to={PATHS.transactionPassword} title="Transaction password" detail={transactionDetail} Icon={KeyIcon} />
          <Row to={PATHS.twoFactor} title="Two-factor authentication" detail={twoFactorDetail} Icon={ShieldIcon} />
          <Row
            to={PATHS.passkeys}
            title="Passkeys"
            detail="Sign in with your fingerprint or face; confirm withdrawals"
            Icon={ShieldIcon}
          />
          <Row
            to={PATHS.sessions}
            title={SESSIONS_MSG.title}
            detail="See where you are signed in, sign out the others"
            Icon={GlobeIcon}
          />
        </ul>
        <ul className="mt-4 divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          <Row to={PATHS.withdrawalAddresses} title="Address book" detail={addressDetail} Icon={WalletIcon} />
          <Row to={PATHS.antiPhishingCode} title="Anti-phishing code" detail={phishingDetail} Icon={ShieldIcon} />
        </ul>
        <ul className="mt-4 divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          <Row
            to={PATHS.apiKeys}
            title="API keys"
            detail="Let your trading bots read and trade; never withdraw"
            Icon={KeyIcon}
          />
        </ul>
      </Screen>
    </>
  );
}

/**
 * /safety-center: the two passwords, two-factor authentication and passkeys, the signed-in sessions,
 * the address book with its whitelist and the anti-phishing code, each row leading to its screen;
 * the proof of reserves (docs/proof-of-reserves.md), and the locks in force ("Withdrawals locked until ...",
 * docs/security.md "## Locks").
 */
import { Link } from 'react-router';
import type { ComponentType, SVGProps } from 'react';
import { lockLineMessage, PROTECTION_MSG, type AccountLock } from '../../../shared/api/protection';
import { SESSIONS_MSG } from '../../../shared/messages';
import {
  CheckIcon,
  ChevronRightIcon,
  GlobeIcon,
  KeyIcon,
  LockIcon,
  ShieldIcon,
  WalletIcon,
} from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useUserInfo } from '../account';
import { useTwoFactorStatus } from './api/two-factor';
import { useSecurityStatus } from './api/protection';

function Locks({ locks }: { locks: AccountLock[] }) {
  const { t, message } = useI18n();
  if (locks.length === 0) return null;
  return (
    <section aria-label={t('safety.center.locks')} className="mt-2 rounded-2xl bg-down/10 px-4 py-3 text-down">
      {locks.map((lock) => (
        <p key={`${lock.scope}-${lock.reason}`} className="text-sm">
          <span className="font-semibold">{message(lockLineMessage(lock.scope, new Date(lock.until)))}</span>{' '}
          <span className="text-down/80">{message(PROTECTION_MSG.lockBecause(lock.reason))}</span>
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
  const { t, message } = useI18n();
  const info = useUserInfo().data;
  const twoFactor = useTwoFactorStatus().data;
  const twoFactorDetail =
    twoFactor === undefined
      ? t('safety.center.twoFactorLoading')
      : twoFactor.totp
        ? t('safety.center.twoFactorOn')
        : t('safety.center.twoFactorOff');
  const transactionDetail =
    info === undefined
      ? t('safety.center.transactionLoading')
      : info.has_transaction_password
        ? t('safety.center.transactionSet')
        : t('safety.center.transactionNotSet');
  const status = useSecurityStatus().data;
  const addressDetail =
    status === undefined
      ? t('safety.center.addressLoading')
      : status.whitelist_enabled
        ? t('safety.center.whitelistOn')
        : t('safety.center.whitelistOff');
  const phishingDetail =
    status?.anti_phishing_code != null
      ? t('safety.center.antiPhishingSet', { code: status.anti_phishing_code })
      : t('safety.center.antiPhishingNotSet');
  return (
    <>
      <PageHeader title={t('safety.center.title')} />
      <Screen>
        {status && <Locks locks={status.locks} />}
        <ul className="mt-2 divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          <Row
            to={PATHS.loginPassword}
            title={t('safety.center.loginPassword')}
            detail={t('safety.center.loginPasswordDetail')}
            Icon={LockIcon}
          />
          <Row
            to={PATHS.transactionPassword}
            title={t('safety.center.transactionPassword')}
            detail={transactionDetail}
            Icon={KeyIcon}
          />
          <Row to={PATHS.twoFactor} title={t('safety.center.twoFactor')} detail={twoFactorDetail} Icon={ShieldIcon} />
          <Row
            to={PATHS.passkeys}
            title={t('safety.center.passkeys')}
            detail={t('safety.center.passkeysDetail')}
            Icon={ShieldIcon}
          />
          <Row
            to={PATHS.sessions}
            title={message(SESSIONS_MSG.title)}
            detail={t('safety.center.sessionsDetail')}
            Icon={GlobeIcon}
          />
        </ul>
        <ul className="mt-4 divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          <Row
            to={PATHS.withdrawalAddresses}
            title={t('safety.center.addressBook')}
            detail={addressDetail}
            Icon={WalletIcon}
          />
          <Row
            to={PATHS.antiPhishingCode}
            title={t('safety.center.antiPhishing')}
            detail={phishingDetail}
            Icon={ShieldIcon}
          />
        </ul>
        <ul className="mt-4 divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          <Row
            to={PATHS.apiKeys}
            title={t('safety.center.apiKeys')}
            detail={t('safety.center.apiKeysDetail')}
            Icon={KeyIcon}
          />
        </ul>
        <ul className="mt-4 divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          <Row
            to={PATHS.proofOfReserves}
            title={t('reserves.title')}
            detail={t('reserves.rowDetail')}
            Icon={CheckIcon}
          />
        </ul>
      </Screen>
    </>
  );
}

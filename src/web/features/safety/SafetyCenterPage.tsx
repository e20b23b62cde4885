/** /safety-center: the two passwords, each row leading to its change screen, and the signed-in sessions. */
import { Link } from 'react-router';
import type { ComponentType, SVGProps } from 'react';
import { ChevronRightIcon, GlobeIcon, KeyIcon, LockIcon } from '../../components/icons';
import { SESSIONS_MSG } from '../../../shared/messages';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { PATHS } from '../../lib/paths';
import { useUserInfo } from '../account';

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
  const transactionDetail =
    info === undefined
      ? 'Confirms withdrawals'
      : info.has_transaction_password
        ? 'Set · change it with an emailed code'
        : 'Not set yet · needed to withdraw';
  return (
    <>
      <PageHeader title="Safety center" />
      <Screen>
        <ul className="mt-2 divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          <Row
            to={PATHS.loginPassword}
            title="Login password"
            detail="Change the password you log in with"
            Icon={LockIcon}
          />
          <Row to={PATHS.transactionPassword} title="Transaction password" detail={transactionDetail} Icon={KeyIcon} />
          <Row
            to={PATHS.sessions}
            title={SESSIONS_MSG.title}
            detail="See where you are signed in, sign out the others"
            Icon={GlobeIcon}
          />
        </ul>
      </Screen>
    </>
  );
}

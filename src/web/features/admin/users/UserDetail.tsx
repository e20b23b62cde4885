/** One user as staff see them, read only: profile, the four wallets, trades and transactions. */
import type { ReactNode } from 'react';
import { ADMIN_MSG, type AdminUserDetail } from '../../../../shared/api/admin';
import { WALLET_KINDS, type WalletKind } from '../../../../shared/constants';
import { formatAmount, formatPrice, formatProfitLoss } from '../../../../shared/format';
import { isZero } from '../../../../shared/money';
import { MSG } from '../../../../shared/messages';
import { BackIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/api';
import { useUserDetail } from '../api/user-detail';
import { EmptyList, LoadError, Spinner } from '../ListState';
import { VerificationBadge } from '../VerificationBadge';
import { useStaffI18n } from '../use-staff-i18n';

/** Wallet kinds, whose names the server sends inside a transfer ('funding' -> 'lever'). */
const isWalletKind = (name: string | null | undefined): name is WalletKind =>
  (WALLET_KINDS as readonly string[]).includes(name ?? '');

export function UserDetail({ userId, onBack }: { userId: number; onBack: () => void }) {
  const detail = useUserDetail(userId);
  const { t } = useStaffI18n();
  return (
    <>
      <button
        type="button"
        onClick={onBack}
        className="-ml-2 flex h-touch items-center gap-1 self-start rounded-xl px-2 text-sm font-medium text-primary hover:bg-primary/10"
      >
        <BackIcon size={18} />
        {t('admin.user.back')}
      </button>
      {detail.isPending ? (
        <Spinner label={t('admin.user.loading')} />
      ) : detail.isError ? (
        <LoadError
          message={errorMessage(detail.error, ADMIN_MSG.fetchUserFailed)}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <>
          <Profile profile={detail.data.profile} />
          <Wallets wallets={detail.data.wallets} />
          <Trades trades={detail.data.trades} />
          <Transactions transactions={detail.data.transactions} />
        </>
      )}
    </>
  );
}

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-surface p-4 shadow-card">
      <h2 className="mb-3 text-[15px] font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-right font-medium">{children}</dd>
    </div>
  );
}

function Profile({ profile }: { profile: AdminUserDetail['profile'] }) {
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  const { t, dateTime } = useStaffI18n();
  return (
    <section className="rounded-2xl bg-surface p-4 shadow-card">
      <h2 className="text-lg font-semibold">{name || profile.email}</h2>
      <dl className="mt-2 divide-y divide-line">
        <Row label={t('admin.user.email')}>{profile.email}</Row>
        <Row label={t('admin.user.uniqueId')}>{profile.uniqueid}</Row>
        <Row label={t('admin.user.verification')}>
          <VerificationBadge status={profile.is_verified} />
        </Row>
        <Row label={t('admin.user.role')}>
          {profile.is_admin ? t('admin.users.roles.staff') : t('admin.users.roles.trader')}
        </Row>
        <Row label={t('admin.user.transactionPassword')}>
          {profile.has_transaction_password ? t('admin.user.passwordSet') : t('admin.user.passwordNotSet')}
        </Row>
        <Row label={t('admin.user.promotionCode')}>{profile.promotion_code}</Row>
        <Row label={t('admin.user.referredBy')}>{profile.referred_by?.email ?? t('admin.user.nobody')}</Row>
        <Row label={t('admin.user.signedUp')}>{dateTime(profile.created_at)}</Row>
      </dl>
    </section>
  );
}

/** The four wallets; `held` leaves out the coins at zero (the chat desk's short view). */
export function Wallets({ wallets, held = false }: { wallets: AdminUserDetail['wallets']; held?: boolean }) {
  const { t, number } = useStaffI18n();
  return (
    <Card title={t('assets.wallets')}>
      <div className="grid gap-3">
        {WALLET_KINDS.map((kind) => (
          <div key={kind} className="rounded-xl bg-surface-2 px-3 py-2">
            <h3 className="text-[13px] font-semibold text-muted">{t(`assets.account.${kind}`)}</h3>
            {/* Beside the dl, not in it: a dl holds only dt/dd groups (axe definition-list). */}
            {held && wallets[kind].every((w) => isZero(w.balance)) && (
              <p className="py-1 text-sm text-muted">{t('admin.chatContext.empty')}</p>
            )}
            <dl>
              {wallets[kind]
                .filter((w) => !held || !isZero(w.balance))
                .map((w) => (
                  <div key={w.currency} className="flex justify-between gap-3 py-1 text-sm">
                    <dt>{w.currency}</dt>
                    <dd className={isZero(w.balance) ? 'text-muted' : 'font-semibold'}>
                      {number(formatAmount(w.balance))}
                    </dd>
                  </div>
                ))}
            </dl>
          </div>
        ))}
      </div>
    </Card>
  );
}

function Trades({ trades }: { trades: AdminUserDetail['trades'] }) {
  const { t, message, number, dateTime } = useStaffI18n();
  return (
    <Card title={t('admin.user.trades')}>
      {trades.length === 0 ? (
        <EmptyList message={message(MSG.noRecord)} />
      ) : (
        <ul className="divide-y divide-line">
          {trades.map((trade) => (
            <li key={trade.trade_id} className="py-2 text-sm">
              <div className="flex justify-between gap-3">
                <span className="font-medium">
                  {trade.coin}/USDT · {trade.trade_type === 'buy' ? t('admin.user.buy') : t('admin.user.sell')} ·{' '}
                  {trade.leverage}X
                </span>
                <span className="capitalize text-muted">{t(`admin.user.tradeStatus.${trade.status}`)}</span>
              </div>
              <div className="mt-0.5 flex flex-wrap justify-between gap-x-3 text-[13px] text-muted">
                <span>
                  {t('admin.user.handsAt', {
                    hands: number(formatAmount(trade.hands)),
                    price: trade.entry_price ? number(formatPrice(trade.entry_price)) : '—',
                  })}
                </span>
                <span>
                  {t('admin.user.profitLoss')}{' '}
                  <span className={trade.profit_loss && trade.profit_loss.startsWith('-') ? 'text-down' : 'text-up'}>
                    {trade.profit_loss === null ? '—' : `${number(formatProfitLoss(trade.profit_loss))} USDT`}
                  </span>
                </span>
                <span>{dateTime(trade.created_at)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The user's transactions, newest first; `title` names a shorter list (the chat desk's latest few). */
export function Transactions({
  transactions,
  title,
}: {
  transactions: AdminUserDetail['transactions'];
  title?: string;
}) {
  const { t, message, number, dateTime } = useStaffI18n();
  const wallet = (name: string | null | undefined) =>
    isWalletKind(name) ? t(`admin.user.walletShort.${name}`) : (name ?? '');
  return (
    <Card title={title ?? t('admin.user.transactions')}>
      {transactions.length === 0 ? (
        <EmptyList message={message(MSG.noRecord)} />
      ) : (
        <ul className="divide-y divide-line">
          {transactions.map((tx) => (
            <li key={tx.transaction_id} className="py-2 text-sm">
              <div className="flex justify-between gap-3">
                <span className="font-medium capitalize">
                  {t(`admin.user.txType.${tx.type}`)} · {number(formatAmount(tx.amount))} {tx.currency}
                </span>
                <span className="capitalize text-muted">
                  {/* See docs/decisions/0029-withdrawal-networks.md: who cancelled it, the owner or staff's Reject. */}
                  {tx.cancelled_by
                    ? t('admin.user.cancelledBy', {
                        status: t(`admin.user.txStatus.${tx.status}`),
                        who: t(`admin.user.canceller.${tx.cancelled_by}`),
                      })
                    : t(`admin.user.txStatus.${tx.status}`)}
                </span>
              </div>
              <div className="mt-0.5 flex flex-wrap justify-between gap-x-3 text-[13px] text-muted">
                <span>
                  {tx.type === 'transfer'
                    ? `${wallet(tx.transfer_from)} → ${wallet(tx.transfer_to)}`
                    : (tx.address ?? '')}
                </span>
                <span>{dateTime(tx.created_at)}</span>
              </div>
              {(tx.network || tx.tx_hash || tx.chain_status) && (
                <p className="mt-0.5 break-all text-[13px] text-muted">
                  {/* A withdrawal the hot wallet pays: its state on the chain (docs/decisions/0065). */}
                  {[tx.network, tx.chain_status && t(`custody.staff.chainStatus.${tx.chain_status}`), tx.tx_hash]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The proof of reserves on the Books view (docs/proof-of-reserves.md): the latest snapshot's totals and
 * root, "Publish snapshot" (audited by the server), and the reserve addresses published beside the totals.
 */
import { useState, type FormEvent } from 'react';
import { NETWORKS, networksOf } from '../../../../shared/addresses';
import { RESERVES_MSG, type ReserveAddress } from '../../../../shared/api/reserves';
import { Button } from '../../../components/Button';
import { Notice } from '../../../components/Notice';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useLatestSnapshot, usePublishSnapshot, useReserveAddresses, useSaveReserveAddresses } from '../api/reserves';
import { useStaffI18n } from '../use-staff-i18n';

const CURRENCIES = ['USDT', 'ETH', 'BTC'] as const;
const selectClass = 'h-12 rounded-xl border border-line bg-surface px-3 text-[15px]';

function Snapshot() {
  const { t, dateTime, number, message } = useStaffI18n();
  const latest = useLatestSnapshot();
  const publish = usePublishSnapshot();
  return (
    <div className="text-sm">
      <h3 className="text-[13px] font-semibold">{t('reserves.staff.latest')}</h3>
      {latest.data ? (
        <>
          <p className="mt-1 text-[13px] text-muted">
            {t('reserves.snapshot', {
              id: latest.data.snapshot_id,
              date: dateTime(latest.data.created_at),
              count: latest.data.leaf_count,
            })}
          </p>
          <dl className="mt-2">
            {latest.data.currencies.map((c) => (
              <div key={c.currency} className="flex justify-between py-1">
                <dt className="font-medium">{c.currency}</dt>
                <dd className="tabular-nums">{number(c.total_liabilities)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-1 break-all font-mono text-[11px] text-muted">{latest.data.root}</p>
        </>
      ) : (
        <p className="mt-1 text-[13px] text-muted">{t('reserves.staff.none')}</p>
      )}
      <div className="mt-3 flex flex-col gap-2">
        {publish.isError && <Notice tone="error">{errorMessage(publish.error, RESERVES_MSG.nothingToPublish)}</Notice>}
        {publish.isSuccess && <Notice tone="success">{message(RESERVES_MSG.snapshotPublished)}</Notice>}
        <Button busy={publish.isPending} onClick={() => publish.mutate()}>
          {publish.isPending ? t('reserves.staff.publishing') : t('reserves.staff.publish')}
        </Button>
      </div>
    </div>
  );
}

function AddressRow({
  entry,
  onChange,
  onRemove,
}: {
  entry: ReserveAddress;
  onChange: (next: ReserveAddress) => void;
  onRemove: () => void;
}) {
  const { t } = useStaffI18n();
  const networks = networksOf(entry.currency);
  return (
    <li className="flex flex-col gap-2 border-t border-line pt-3">
      <div className="flex gap-2">
        <select
          aria-label={t('reserves.staff.currency')}
          className={selectClass}
          value={entry.currency}
          onChange={(e) => {
            const currency = e.target.value as ReserveAddress['currency'];
            onChange({ ...entry, currency, network: networksOf(currency)[0] ?? NETWORKS[0] });
          }}
        >
          {CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        <select
          aria-label={t('reserves.staff.network')}
          className={selectClass}
          value={entry.network}
          onChange={(e) => onChange({ ...entry, network: e.target.value as ReserveAddress['network'] })}
        >
          {networks.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
        <Button variant="secondary" block={false} onClick={onRemove}>
          {t('reserves.staff.remove')}
        </Button>
      </div>
      <TextField
        label={t('reserves.staff.address')}
        spellCheck={false}
        autoComplete="off"
        value={entry.address}
        onChange={(e) => onChange({ ...entry, address: e.target.value })}
      />
    </li>
  );
}

function ReserveAddresses() {
  const { t, message } = useStaffI18n();
  const stored = useReserveAddresses();
  const save = useSaveReserveAddresses();
  const [draft, setDraft] = useState<ReserveAddress[] | null>(null);
  const list = draft ?? stored.data?.addresses ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(list, { onSuccess: () => setDraft(null) });
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 text-sm">
      <h3 className="text-[13px] font-semibold">{t('reserves.addresses')}</h3>
      <ul className="flex flex-col gap-3">
        {list.map((entry, i) => (
          <AddressRow
            key={i}
            entry={entry}
            onChange={(next) => setDraft(list.map((e, j) => (j === i ? next : e)))}
            onRemove={() => setDraft(list.filter((_, j) => j !== i))}
          />
        ))}
      </ul>
      <Button
        variant="secondary"
        onClick={() => setDraft([...list, { currency: 'USDT', network: 'ERC20', address: '' }])}
      >
        {t('reserves.staff.add')}
      </Button>
      {save.isError && <Notice tone="error">{errorMessage(save.error, RESERVES_MSG.duplicateAddress)}</Notice>}
      {save.isSuccess && draft === null && <Notice tone="success">{message(RESERVES_MSG.addressesSaved)}</Notice>}
      <Button type="submit" busy={save.isPending} disabled={draft === null}>
        {t('reserves.staff.save')}
      </Button>
    </form>
  );
}

export function ReservesPanel() {
  const { t } = useStaffI18n();
  return (
    <section aria-labelledby="staff-reserves" className="flex flex-col rounded-2xl bg-surface p-4 shadow-card">
      <h2 id="staff-reserves" className="mb-2 text-[17px] font-semibold">
        {t('reserves.staff.title')}
      </h2>
      <Snapshot />
      <ReserveAddresses />
    </section>
  );
}

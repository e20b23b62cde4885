/**
 * The statement export (docs/decisions/0055-alerts-statements.md) on the asset detail and history
 * screens: a period (this month by default, up to 366 days) and transactions or closed trades,
 * downloaded as the CSV file GET /api-v1/statements/ answers, its header row in the user's language.
 */
import { useState, type FormEvent } from 'react';
import { STATEMENTS_MSG, type StatementKind } from '../../../shared/api/statements';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { BottomSheet } from '../../components/Overlay';
import { Segmented } from '../../components/Segmented';
import { TextField } from '../../components/TextField';
import { api, errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Saves `text` as a file the browser downloads (with a byte order mark, as the server sends it). */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text.replace(/^\uFEFF/, '')}`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function StatementExport({ kind: initialKind = 'transactions' }: { kind?: StatementKind }) {
  const { t, message } = useI18n();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<StatementKind>(initialKind);
  // The clock is read once, when the sheet is made, not on every render (react/purity).
  const [from, setFrom] = useState(() => {
    const today = new Date();
    return day(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)));
  });
  const [to, setTo] = useState(() => day(new Date()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const csv = await api.get<string>('/api-v1/statements/', { query: { kind, from, to } });
      saveFile(`coinfront-${kind}-${from}-to-${to}.csv`, typeof csv === 'string' ? csv : '');
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure, t('alerts.statement.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} block={false} className="h-10 text-[14px]">
        {t('alerts.statement.button')}
      </Button>
      <BottomSheet open={open} onClose={() => setOpen(false)} title={t('alerts.statement.title')}>
        <form onSubmit={(event) => void download(event)} noValidate className="flex flex-col gap-4">
          <Segmented
            label={t('alerts.statement.kind')}
            value={kind}
            onChange={setKind}
            options={[
              { value: 'transactions', label: t('alerts.statement.transactions') },
              { value: 'trades', label: t('alerts.statement.trades') },
            ]}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t('alerts.statement.from')}
              type="date"
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
            />
            <TextField
              label={t('alerts.statement.to')}
              type="date"
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <p className="text-[13px] text-muted">{t('alerts.statement.hint')}</p>
          {error && <Notice tone="error">{message(error) || STATEMENTS_MSG.invalidFrom}</Notice>}
          <Button type="submit" busy={busy}>
            {t('alerts.statement.download')}
          </Button>
        </form>
      </BottomSheet>
    </>
  );
}

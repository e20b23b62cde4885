/** A labelled wallet picker of the transfer form (a native select: the phone's own chooser). */
import { useId } from 'react';
import type { WalletKind } from '../../../shared/constants';
import { useI18n } from '../../lib/i18n';
import { TRANSFER_ACCOUNTS } from './wallet-kinds';

export function AccountPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: WalletKind;
  onChange: (kind: WalletKind) => void;
}) {
  const id = useId();
  const { t } = useI18n();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-[13px] font-medium text-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as WalletKind)}
        className="h-12 w-full rounded-xl border border-field-line bg-field px-3 text-[15px] text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25"
      >
        {TRANSFER_ACCOUNTS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`assets.account.${kind}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

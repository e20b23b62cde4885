/**
 * A settings card that edits one value of PUT /api-v3/admin/settings/ (the USDO price, the convert
 * spread): its field, the "last changed" line, the check before saving, the save and its outcome.
 * Each setting gives only what is its own (docs/decisions/0066-number-display.md).
 */
import { useState, type HTMLAttributes } from 'react';
import { ADMIN_MSG, type SettingsSaved, type SettingsUpdateBody } from '../../../../shared/api/admin';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useStaffI18n } from '../use-staff-i18n';
import { useSaveSettings } from '../api/settings';
import { SettingsCard, type SaveOutcome } from './SettingsCard';

export function OneValueSettingForm({
  title,
  updatedAt,
  notChanged,
  saveLabel,
  initial,
  label,
  inputMode,
  hint,
  toBody,
  afterSave,
}: {
  title: string;
  /** When staff last saved the value; null while the configured default applies. */
  updatedAt: string | null;
  /** The card's line while the value was never changed. */
  notChanged: string;
  saveLabel: string;
  initial: string;
  label: string;
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
  hint: string;
  /** The request body for the typed text, or the message of why it cannot be saved. */
  toBody: (text: string) => SettingsUpdateBody | string;
  /** The saved value as the field shows it and the success text. */
  afterSave: (saved: SettingsSaved) => { value: string; text: string };
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const save = useSaveSettings();
  const { t, dateTime } = useStaffI18n();

  const submit = () => {
    setOutcome(null);
    const body = toBody(value);
    if (typeof body === 'string') return setError(body);
    setError(null);
    save.mutate(body, {
      onSuccess: (saved) => {
        const shown = afterSave(saved);
        setValue(shown.value);
        setOutcome({ tone: 'success', text: shown.text });
      },
      onError: (err) => setOutcome({ tone: 'error', text: errorMessage(err, ADMIN_MSG.saveFailed) }),
    });
  };

  return (
    <SettingsCard
      title={title}
      description={updatedAt ? t('admin.settings.lastChanged', { time: dateTime(updatedAt) }) : notChanged}
      busy={save.isPending}
      outcome={outcome}
      onSubmit={submit}
      saveLabel={saveLabel}
    >
      <TextField
        label={label}
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        hint={hint}
        error={error}
      />
    </SettingsCard>
  );
}

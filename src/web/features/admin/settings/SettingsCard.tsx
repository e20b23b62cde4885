/** A titled settings form with its Save button and the outcome of the last save. */
import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { Notice } from '../../../components/Notice';
import { useI18n } from '../../../lib/i18n';

export interface SaveOutcome {
  tone: 'success' | 'error';
  text: string;
}

export function SettingsCard({
  title,
  description,
  busy,
  outcome,
  onSubmit,
  children,
  saveLabel,
  titleIsData = false,
}: {
  title: string;
  /** The title is staff-typed data (an FAQ question), not a text of the app: not translated. */
  titleIsData?: boolean;
  description?: ReactNode;
  busy: boolean;
  outcome: SaveOutcome | null;
  onSubmit: () => void;
  children: ReactNode;
  saveLabel?: string;
}) {
  const { t } = useI18n();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl bg-surface p-4 shadow-card"
    >
      <div>
        <h2 id={titleId} translate={titleIsData ? 'no' : undefined} className="text-[15px] font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1 text-[13px] text-muted">{description}</p>}
      </div>
      {children}
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      <Button type="submit" busy={busy}>
        {saveLabel ?? t('admin.settings.save')}
      </Button>
    </form>
  );
}

/** One FAQ topic: the question its button asks, the keywords that match free questions, the answer. */
import { useId, useState, type TextareaHTMLAttributes } from 'react';
import {
  ADMIN_MSG,
  DEPOSIT_ADDRESSES_PLACEHOLDER,
  faqEntryBody,
  parseKeywords,
  type FaqEntry,
} from '../../../../shared/api/admin';
import { cx } from '../../../components/cx';
import { TextField } from '../../../components/TextField';
import { errorMessage, isApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { checkForm, type FieldErrors } from '../../../lib/forms';
import { useSaveFaqEntry } from '../api/faq-entry';
import { SettingsCard, type SaveOutcome } from './SettingsCard';

function TextArea({
  label,
  error,
  hint,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | null; hint?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-muted">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cx(
          'min-h-[120px] rounded-xl border bg-field px-4 py-3 text-[15px] text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25',
          error ? 'border-down' : 'border-field-line',
        )}
        {...props}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-down">
          {error}
        </p>
      )}
    </div>
  );
}

export function FaqEntryForm({ entry }: { entry: FaqEntry }) {
  const [question, setQuestion] = useState(entry.question);
  const [keywords, setKeywords] = useState(entry.keywords.join(', '));
  const [answer, setAnswer] = useState(entry.answer);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const save = useSaveFaqEntry();
  const { t, message } = useI18n();
  const carriesAddresses = entry.answer.includes(DEPOSIT_ADDRESSES_PLACEHOLDER);

  const submit = () => {
    setOutcome(null);
    const checked = checkForm(faqEntryBody, { question, answer, keywords: parseKeywords(keywords) });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    save.mutate(
      { id: entry.id, body: checked.data },
      {
        onSuccess: () => setOutcome({ tone: 'success', text: message(ADMIN_MSG.faqSaved) }),
        onError: (err) => {
          const fields = isApiError(err) ? (err.data as { fields?: FieldErrors } | null)?.fields : undefined;
          if (fields) setErrors(fields);
          setOutcome({ tone: 'error', text: errorMessage(err, ADMIN_MSG.saveFailed) });
        },
      },
    );
  };

  return (
    <SettingsCard
      title={entry.question}
      titleIsData
      busy={save.isPending}
      outcome={outcome}
      onSubmit={submit}
      saveLabel={t('admin.settings.faq.save')}
    >
      <TextField
        label={t('admin.settings.faq.question')}
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
        error={errors.question ?? null}
      />
      <TextField
        label={t('admin.settings.faq.keywords')}
        hint={t('admin.settings.faq.keywordsHint')}
        value={keywords}
        onChange={(event) => setKeywords(event.target.value)}
        error={errors.keywords ?? null}
      />
      <TextArea
        label={t('admin.settings.faq.answer')}
        rows={6}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        error={errors.answer ?? null}
        hint={
          carriesAddresses
            ? t('admin.settings.faq.placeholderHint', { placeholder: DEPOSIT_ADDRESSES_PLACEHOLDER })
            : undefined
        }
      />
    </SettingsCard>
  );
}

/**
 * /profile (docs/architecture.md "## Profile"), from the drawer: who the user is (GET
 * /api-v1/user/profile/, the fields of /info/) and the one thing they may change, their first and last
 * name (POST /api-v1/user/update/), checked with the server's own schema before it is sent.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { UserInfo } from '../../../shared/api/auth';
import { PROFILE_NAME_MAX } from '../../../shared/constants';
import { PROFILE_MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useI18n, useT } from '../../lib/i18n';
import { checkFormLazily, type FieldErrors } from '../../lib/forms';
import { PATHS } from '../../lib/paths';
import { useProfile, useUpdateProfile } from './api/profile';
import { VERIFICATION_KEY } from './verification-label';

const profileSchema = async () => (await import('../../../shared/api/profile')).profileUpdateBody;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-right text-[15px] font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** First and last name, starting from the saved ones; checked with the server's schema before sending. */
function NamesForm({ saved }: { saved: Pick<UserInfo, 'first_name' | 'last_name'> }) {
  const save = useUpdateProfile();
  const { t, message } = useI18n();
  const [values, setValues] = useState({ first_name: saved.first_name, last_name: saved.last_name });
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (save.isSuccess || save.isError) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void checkFormLazily(profileSchema, values).then((form) => {
      setErrors(form.errors ?? {});
      // The form then shows the names as stored (trimmed, spaces made single).
      if (form.data)
        save.mutate(form.data, {
          onSuccess: (stored) => setValues({ first_name: stored.first_name, last_name: stored.last_name }),
        });
    });
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <TextField
        label={t('account.profile.firstName')}
        name="first-name"
        autoComplete="given-name"
        maxLength={100}
        value={values.first_name}
        onChange={(e) => set('first_name')(e.target.value)}
        error={errors.first_name}
      />
      <TextField
        label={t('account.profile.lastName')}
        name="last-name"
        autoComplete="family-name"
        maxLength={100}
        hint={t('account.profile.namesHint', { max: PROFILE_NAME_MAX })}
        value={values.last_name}
        onChange={(e) => set('last_name')(e.target.value)}
        error={errors.last_name}
      />
      {errors.form && <Notice tone="error">{errors.form}</Notice>}
      {save.isError && <Notice tone="error">{errorMessage(save.error, PROFILE_MSG.updateFailed)}</Notice>}
      {save.isSuccess && <Notice tone="success">{message(save.data.message)}</Notice>}
      <Button type="submit" busy={save.isPending}>
        {t('account.profile.save')}
      </Button>
    </form>
  );
}

export function ProfilePage() {
  const profile = useProfile();
  const t = useT();
  const loaded = profile.data;

  const name = loaded ? `${loaded.first_name} ${loaded.last_name}`.trim() || loaded.email : '';
  // As the drawer's card shows them.
  const initials = loaded
    ? (`${loaded.first_name.charAt(0)}${loaded.last_name.charAt(0)}` || loaded.email.charAt(0)).toUpperCase()
    : '';
  return (
    <>
      <PageHeader title={t('account.profile.title')} fallback={PATHS.home} />
      <Screen>
        {profile.isError ? (
          <Notice tone="error" className="mt-2">
            {errorMessage(profile.error, PROFILE_MSG.fetchFailed)}
          </Notice>
        ) : !loaded ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : (
          <>
            <section className="mt-2 rounded-2xl bg-surface shadow-card">
              <div className="flex items-center gap-3 px-4 pt-4">
                <span
                  className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-white"
                  aria-hidden="true"
                >
                  {initials}
                </span>
                <p className="min-w-0 truncate text-[17px] font-semibold" data-testid="profile-name">
                  {name}
                </p>
              </div>
              <dl className="mt-2 divide-y divide-line border-t border-line px-4">
                <Row label={t('account.profile.email')}>{loaded.email}</Row>
                <Row label={t('account.profile.uid')}>
                  <span className="tabular-nums">{loaded.uniqueid}</span>
                </Row>
                <Row label={t('account.profile.verification')}>{t(VERIFICATION_KEY[loaded.is_verified])}</Row>
                <Row label={t('account.profile.promotionCode')}>
                  <span className="font-mono">{loaded.promotion_code}</span>
                </Row>
              </dl>
            </section>
            <NamesForm saved={loaded} />
          </>
        )}
      </Screen>
    </>
  );
}

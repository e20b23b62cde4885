/**
 * /identity-verification/basic-info (docs/product.md sections 2, 5, 8): name, ID number (prefilled with
 * the user's unique id) and three document photos, all required; 'confirm' sends them as one
 * multipart form, and on success the screen says so and goes back to the status screen.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  VERIFICATION_IMAGES,
  VERIFICATION_IMAGE_FIELDS,
  verificationFields,
  type VerificationImageField,
} from '../../../shared/api/identity';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { TextField } from '../../components/TextField';
import { isApiError } from '../../lib/api';
import { fieldErrorsOf, type FieldErrors } from '../../lib/forms';
import { useI18n, type TextKey } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useGoBack } from '../../lib/use-go-back';
import { useSession } from '../../lib/use-session';
import { useUserInfo } from '../account';
import { submissionErrorMessage, useSubmitVerification } from './api/submit-verification';
import { useVerificationStatus } from './api/verification-status';
import { ImageUploadField } from './ImageUploadField';

/** Long enough to read the success line, as on the other screens that go back by themselves. */
const BACK_AFTER_MS = 2_000;

const IMAGE_LABELS: Record<VerificationImageField, TextKey> = {
  id_card_front: 'identity.images.idCardFront',
  id_card_back: 'identity.images.idCardBack',
  selfie: 'identity.images.selfie',
};

type Images = Record<VerificationImageField, File | null>;

function checkForm(fullName: string, idNumber: string, images: Images): FieldErrors {
  const parsed = verificationFields.safeParse({ full_name: fullName, user_id: idNumber });
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  for (const field of VERIFICATION_IMAGE_FIELDS) if (!images[field]) errors[field] = VERIFICATION_IMAGES[field];
  return errors;
}

/** Per-field messages of a 400, so each lands under its own field. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error) || error.data === null || typeof error.data !== 'object') return {};
  const fields = (error.data as { fields?: unknown }).fields;
  if (fields === null || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string')) as FieldErrors;
}

export function BasicInfoPage() {
  const { t, message } = useI18n();
  const goBack = useGoBack(PATHS.identityVerification);
  const { user } = useSession();
  const info = useUserInfo().data;
  const previous = useVerificationStatus().data;
  const submit = useSubmitVerification();

  // null until typed in: the defaults arrive with the user's info and an earlier, rejected submission.
  const [fullName, setFullName] = useState<string | null>(null);
  const [idNumber, setIdNumber] = useState<string | null>(null);
  const [images, setImages] = useState<Images>({ id_card_front: null, id_card_back: null, selfie: null });
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const done = submit.isSuccess;

  const nameValue = fullName ?? (previous?.verification_status === 'rejected' ? previous.full_name : '');
  const idValue = idNumber ?? info?.uniqueid ?? user?.uniqueid ?? '';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(goBack, BACK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, goBack]);

  const blocked =
    !done && previous && previous.verification_status !== 'rejected'
      ? previous.verification_status === 'verified'
        ? MSG.alreadyVerified
        : MSG.verificationUnderReview
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkForm(nameValue, idValue, images);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      // To the first field to fix, once the messages are on screen.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const { id_card_front, id_card_back, selfie } = images;
    if (!id_card_front || !id_card_back || !selfie) return;
    submit.mutate(
      { full_name: nameValue.trim(), user_id: idValue.trim(), images: { id_card_front, id_card_back, selfie } },
      { onError: (error) => setErrors(serverFieldErrors(error)) },
    );
  };

  const clearError = (field: string) => setErrors(({ [field]: _dropped, ...rest }) => rest);
  const setImage = (field: VerificationImageField) => (file: File | null) => {
    setImages((current) => ({ ...current, [field]: file }));
    clearError(field);
  };

  return (
    <>
      <PageHeader title={t('identity.basicInfo.title')} fallback={PATHS.identityVerification} />
      <Screen>
        {blocked ? (
          <Notice tone="info" className="mt-2">
            {message(blocked)}
          </Notice>
        ) : (
          <form ref={form} noValidate onSubmit={onSubmit} className="mt-2 flex flex-col gap-4">
            <TextField
              label={t('identity.basicInfo.name')}
              name="full_name"
              autoComplete="name"
              maxLength={100}
              placeholder={t('identity.basicInfo.namePlaceholder')}
              value={nameValue}
              onChange={(e) => {
                setFullName(e.target.value);
                clearError('full_name');
              }}
              error={errors.full_name}
              disabled={done}
            />
            <TextField
              label={t('identity.basicInfo.idNumber')}
              name="user_id"
              maxLength={64}
              value={idValue}
              onChange={(e) => {
                setIdNumber(e.target.value);
                clearError('user_id');
              }}
              error={errors.user_id}
              disabled={done}
            />
            {VERIFICATION_IMAGE_FIELDS.map((field) => (
              <ImageUploadField
                key={field}
                name={field}
                label={t(IMAGE_LABELS[field])}
                file={images[field]}
                onChange={setImage(field)}
                error={errors[field]}
              />
            ))}
            {submit.isError && <Notice tone="error">{message(submissionErrorMessage(submit.error))}</Notice>}
            {done && <Notice tone="success">{message(MSG.verificationSubmitted)}</Notice>}
            <Button type="submit" disabled={done} busy={submit.isPending}>
              <span className={submit.isPending ? undefined : 'capitalize'}>
                {submit.isPending ? t('identity.basicInfo.submitting') : t('identity.basicInfo.confirm')}
              </span>
            </Button>
          </form>
        )}
      </Screen>
    </>
  );
}

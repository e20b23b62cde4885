/**
 * The sheets of /safety/passkeys: name a new passkey or rename one, and confirm a removal. Adding
 * and removing ask for the proof of docs/decisions/0045 (FactorProof.tsx).
 */
import { useState, type FormEvent } from 'react';
import { PASSKEY_MSG, passkeyName, type PasskeyView } from '../../../shared/api/passkeys';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { BottomSheet } from '../../components/Overlay';
import { TextField } from '../../components/TextField';
import { useI18n, type Translate } from '../../lib/i18n';
import { passkeyErrorMessage } from '../../lib/passkeys';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from './api/passkeys';
import { FactorProofFields, useFactorProof } from './FactorProof';

/** A name the user will recognise in the list, from the device they add it on. */
function deviceName(t: Translate, userAgent = navigator.userAgent): string {
  if (/iPhone/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Android/.test(userAgent)) return t('safety.passkeys.androidPhone');
  if (/Macintosh/.test(userAgent)) return 'Mac';
  if (/Windows/.test(userAgent)) return t('safety.passkeys.windowsPc');
  return t('safety.passkeys.myPasskey');
}

const nameError = (name: string) => {
  const parsed = passkeyName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? PASSKEY_MSG.invalidResponse);
};

export function AddPasskeySheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, message } = useI18n();
  const add = useAddPasskey();
  const proof = useFactorProof();
  const [name, setName] = useState(() => deviceName(t));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = nameError(name);
    if (invalid) return setError(message(invalid));
    setError(null);
    add.mutate(
      { name: name.trim(), proof: proof.build },
      {
        onSuccess: () => {
          proof.clear();
          onClose();
        },
        onError: (failure) => {
          proof.clear();
          setError(message(passkeyErrorMessage(failure, PASSKEY_MSG.notVerified)));
        },
      },
    );
  };

  return (
    <BottomSheet open={open} onClose={onClose} title={t('safety.passkeys.add')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('safety.passkeys.addText')}</p>
        <PasskeyNameField name={name} onChange={setName} />
        <FactorProofFields proof={proof} />
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" busy={add.isPending} disabled={!proof.ready}>
          {t('safety.passkeys.addButton')}
        </Button>
      </form>
    </BottomSheet>
  );
}

export function RenamePasskeySheet({ passkey, onClose }: { passkey: PasskeyView | null; onClose: () => void }) {
  const { t, message } = useI18n();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = nameError(name);
    if (invalid) return setError(message(invalid));
    if (!passkey) return;
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: onClose,
        onError: (failure) => setError(message(passkeyErrorMessage(failure, PASSKEY_MSG.notFound))),
      },
    );
  };
  return (
    <BottomSheet open={passkey !== null} onClose={onClose} title={t('safety.passkeys.renameTitle')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasskeyNameField name={name} onChange={setName} error={error} />
        <Button type="submit" busy={rename.isPending}>
          {t('safety.passkeys.save')}
        </Button>
      </form>
    </BottomSheet>
  );
}

export function RemovePasskeySheet({
  passkey,
  last,
  onClose,
}: {
  passkey: PasskeyView | null;
  /** The user's only second factor: removing it turns 2FA off and pauses withdrawals. */
  last: boolean;
  onClose: () => void;
}) {
  const { t, message } = useI18n();
  const remove = useRemovePasskey();
  const proof = useFactorProof();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passkey) return;
    remove.mutate(
      { id: passkey.id, proof: proof.build },
      {
        onSuccess: () => {
          proof.clear();
          onClose();
        },
        onError: proof.clear,
      },
    );
  };
  return (
    <BottomSheet open={passkey !== null} onClose={onClose} title={t('safety.passkeys.removeTitle')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm">
          {t('safety.passkeys.removeText', { name: passkey?.name ?? '' })}
          {last && ` ${t('safety.passkeys.removeLast')}`}
        </p>
        <FactorProofFields proof={proof} />
        {remove.isError && (
          <Notice tone="error">{message(passkeyErrorMessage(remove.error, PASSKEY_MSG.notFound))}</Notice>
        )}
        <Button type="submit" variant="danger" busy={remove.isPending} disabled={!proof.ready}>
          {t('safety.passkeys.remove')}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('safety.passkeys.cancel')}
        </Button>
      </form>
    </BottomSheet>
  );
}

/** The passkey's name, as it is given when added and when renamed (docs/decisions/0022-passkeys.md). */
function PasskeyNameField({
  name,
  onChange,
  error,
}: {
  name: string;
  onChange: (name: string) => void;
  error?: string | null;
}) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('safety.passkeys.name')}
      name="passkey-name"
      data-autofocus
      maxLength={64}
      value={name}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

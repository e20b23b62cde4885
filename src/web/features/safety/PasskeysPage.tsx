/**
 * /safety/passkeys (issue 16): the user's passkeys with when each was added and last used; add one
 * (the browser asks the device), rename, or remove after a confirmation. A browser without WebAuthn
 * is told so instead of offering a button that cannot work.
 */
import { useState } from 'react';
import { PASSKEY_MSG, type PasskeyView } from '../../../shared/api/passkeys';
import { Button } from '../../components/Button';
import { KeyIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/datetime';
import { passkeysSupported } from '../../lib/passkeys';
import { PATHS } from '../../lib/paths';
import { AddPasskeySheet, RemovePasskeySheet, RenamePasskeySheet } from './PasskeySheets';
import { usePasskeys } from './api/passkeys';

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: PasskeyView;
  onRename: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 px-4 py-3" aria-label={passkey.name}>
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <KeyIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-[15px] font-medium">{passkey.name}</p>
          <p className="text-[13px] text-muted">Added {formatDateTime(passkey.created_at)}</p>
          <p className="text-[13px] text-muted">
            {passkey.last_used_at ? `Last used ${formatDateTime(passkey.last_used_at)}` : 'Not used yet'}
          </p>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          block={false}
          className="h-10 px-3 text-sm"
          aria-label={`Rename ${passkey.name}`}
          onClick={onRename}
        >
          Rename
        </Button>
        <Button
          variant="danger"
          block={false}
          className="h-10 px-3 text-sm"
          aria-label={`Remove ${passkey.name}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

export function PasskeysPage() {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyView | null>(null);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const supported = passkeysSupported();
  const list = passkeys.data ?? [];

  return (
    <>
      <PageHeader title="Passkeys" fallback={PATHS.safetyCenter} />
      <Screen>
        <p className="mb-5 mt-2 text-sm text-muted">
          A passkey signs you in with your fingerprint, face or screen lock instead of a password, and confirms
          withdrawals as a second factor. It stays on your device and cannot be phished.
        </p>
        {!supported && (
          <Notice tone="error" className="mb-4">
            {PASSKEY_MSG.unsupported}
          </Notice>
        )}
        {passkeys.isPending && <Spinner />}
        {passkeys.isError && <Notice tone="error">{errorMessage(passkeys.error, PASSKEY_MSG.notFound)}</Notice>}
        {passkeys.isSuccess && list.length === 0 && (
          <p className="mb-4 rounded-2xl bg-surface px-4 py-6 text-center text-sm text-muted shadow-card">
            No passkeys yet.
          </p>
        )}
        {list.length > 0 && (
          <ul
            aria-label="Your passkeys"
            className="mb-4 divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card"
          >
            {list.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRename={() => setRenaming(passkey)}
                onRemove={() => setRemoving(passkey)}
              />
            ))}
          </ul>
        )}
        <Button disabled={!supported || !passkeys.isSuccess} onClick={() => setAdding(true)}>
          Add a passkey
        </Button>
      </Screen>
      {adding && <AddPasskeySheet open onClose={() => setAdding(false)} hasPasskey={list.length > 0} />}
      {renaming && <RenamePasskeySheet key={renaming.id} passkey={renaming} onClose={() => setRenaming(null)} />}
      <RemovePasskeySheet passkey={removing} last={list.length === 1} onClose={() => setRemoving(null)} />
    </>
  );
}

/**
 * /safety/passkeys (docs/decisions/0022-passkeys.md): the user's passkeys with when each was added and last used; add one
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
import { useI18n } from '../../lib/i18n';
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
  const { t, dateTime } = useI18n();
  return (
    <li className="flex flex-col gap-2 px-4 py-3" aria-label={passkey.name}>
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <KeyIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-[15px] font-medium">{passkey.name}</p>
          <p className="text-[13px] text-muted">{t('safety.passkeys.added', { date: dateTime(passkey.created_at) })}</p>
          <p className="text-[13px] text-muted">
            {passkey.last_used_at
              ? t('safety.passkeys.lastUsed', { date: dateTime(passkey.last_used_at) })
              : t('safety.passkeys.notUsed')}
          </p>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          block={false}
          className="h-10 px-3 text-sm"
          aria-label={t('safety.passkeys.renameNamed', { name: passkey.name })}
          onClick={onRename}
        >
          {t('safety.passkeys.rename')}
        </Button>
        <Button
          variant="danger"
          block={false}
          className="h-10 px-3 text-sm"
          aria-label={t('safety.passkeys.removeNamed', { name: passkey.name })}
          onClick={onRemove}
        >
          {t('safety.passkeys.remove')}
        </Button>
      </div>
    </li>
  );
}

export function PasskeysPage() {
  const { t, message } = useI18n();
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyView | null>(null);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const supported = passkeysSupported();
  const list = passkeys.data ?? [];

  return (
    <>
      <PageHeader title={t('safety.passkeys.title')} fallback={PATHS.safetyCenter} />
      <Screen>
        <p className="mb-5 mt-2 text-sm text-muted">{t('safety.passkeys.intro')}</p>
        {!supported && (
          <Notice tone="error" className="mb-4">
            {message(PASSKEY_MSG.unsupported)}
          </Notice>
        )}
        {passkeys.isPending && <Spinner />}
        {passkeys.isError && <Notice tone="error">{errorMessage(passkeys.error, PASSKEY_MSG.notFound)}</Notice>}
        {passkeys.isSuccess && list.length === 0 && (
          <p className="mb-4 rounded-2xl bg-surface px-4 py-6 text-center text-sm text-muted shadow-card">
            {t('safety.passkeys.none')}
          </p>
        )}
        {list.length > 0 && (
          <ul
            aria-label={t('safety.passkeys.list')}
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
          {t('safety.passkeys.add')}
        </Button>
      </Screen>
      {adding && <AddPasskeySheet open onClose={() => setAdding(false)} />}
      {renaming && <RenamePasskeySheet key={renaming.id} passkey={renaming} onClose={() => setRenaming(null)} />}
      {removing && (
        <RemovePasskeySheet
          key={removing.id}
          passkey={removing}
          last={list.length === 1}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );
}

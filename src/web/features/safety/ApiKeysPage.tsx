/**
 * /safety/api-keys (issue 20 "API keys", docs/security.md "API keys"): create a key for a trading bot
 * (label, permissions, optional IP allowlist) with the emailed code or the authenticator code, its
 * secret shown once with a copy button; the list with each key's switch and delete. Keys never
 * withdraw; a password reset or an account lock ends them.
 */
import { useState, type FormEvent } from 'react';
import { COPY_CONFIRMATION_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { API_KEYS_MSG, type ApiKeyCreated, type ApiKeyInfo, type ApiKeyPermission } from '../../../shared/api/api-keys';
import { Button } from '../../components/Button';
import { CopyIcon, TrashIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Switch } from '../../components/Switch';
import { TextField } from '../../components/TextField';
import { errorMessage, isApiError } from '../../lib/api';
import { PATHS } from '../../lib/paths';
import { useCopyConfirmation } from '../../lib/use-copy-confirmation';
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useSetApiKeyEnabled } from './api/api-keys';
import { useSendSecurityCode } from './api/security-code';
import { SecurityCodeField } from './SecurityCodeField';

const CODE_HINT = 'The emailed code, or your authenticator code when two-factor authentication is on.';

const PERMISSION_LABELS: Record<ApiKeyPermission, { title: string; detail: string }> = {
  read: { title: 'Read', detail: 'Balances, orders and trades (always on)' },
  spot: { title: 'Spot trading', detail: 'Place and cancel spot orders' },
  lever: { title: 'Lever trading', detail: 'Reserved: the API offers no lever orders yet' },
};

const ENDED_REASONS: Record<string, string> = {
  'password-reset': 'ended by a password reset',
  'password-changed': 'ended by a password change',
  'account-locked': 'ended by an account lock',
};

const statusText = (key: ApiKeyInfo) =>
  key.status === 'ended' ? (ENDED_REASONS[key.ended_reason ?? ''] ?? 'ended') : key.enabled ? 'Active' : 'Disabled';

/** Copies the key or the secret and says so for a while (docs/product.md section 9). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { state, copy } = useCopyConfirmation(COPY_CONFIRMATION_MS);
  const copied = state === 'copied';
  return (
    <button
      type="button"
      onClick={() => void copy(text)}
      aria-label={copied ? MSG.copied : label}
      className={`flex h-touch shrink-0 items-center gap-1 rounded-lg px-2.5 text-[13px] font-semibold ${copied ? 'text-up' : 'text-primary hover:bg-primary/10'}`}
    >
      {!copied && <CopyIcon size={16} />}
      <span aria-live="polite">{copied ? MSG.copied : 'Copy'}</span>
    </button>
  );
}

function NewSecret({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  return (
    <section aria-label="New API key" className="rounded-2xl bg-surface p-4 shadow-card">
      <Notice tone="success">{API_KEYS_MSG.created}</Notice>
      {(
        [
          ['API key', created.api_key],
          ['Secret key', created.secret],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="mt-3">
          <div className="flex items-center justify-between">
            <span className="text-[13px] font-medium text-muted">{label}</span>
            <CopyButton text={value} label={`Copy the ${label.toLowerCase()}`} />
          </div>
          <p className="break-all rounded-xl bg-surface-2 px-3 py-2 font-mono text-[12px]">{value}</p>
        </div>
      ))}
      <Button className="mt-4" variant="secondary" onClick={onDone}>
        I have saved the secret
      </Button>
    </section>
  );
}

function KeyList() {
  const keys = useApiKeys();
  const setEnabled = useSetApiKeyEnabled();
  const remove = useDeleteApiKey();
  if (keys.isError) return <Notice tone="error">{errorMessage(keys.error, 'Could not load your API keys')}</Notice>;
  const list = keys.data ?? [];
  return (
    <section aria-label="Your API keys">
      <h2 className="mb-2 px-1 text-[13px] font-semibold uppercase tracking-wide text-muted">Your keys</h2>
      {list.length === 0 ? (
        <p className="rounded-2xl bg-surface px-4 py-5 text-sm text-muted shadow-card">
          {keys.isPending ? 'Loading…' : 'No API keys yet.'}
        </p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          {list.map((key) => (
            <li key={key.id} className="px-4 py-3">
              <div className="flex items-center gap-3">
                <span className="min-w-0 flex-1">
                  <span className="block text-[15px] font-medium">
                    {key.label}{' '}
                    <span className={key.status === 'active' ? 'text-[13px] text-up' : 'text-[13px] text-muted'}>
                      · {statusText(key)}
                    </span>
                  </span>
                  <span className="block truncate font-mono text-[12px] text-muted">{key.api_key}</span>
                  <span className="block text-[12px] text-muted">
                    {key.permissions.map((p) => PERMISSION_LABELS[p].title).join(', ')}
                    {key.ip_allowlist.length > 0 ? ` · from ${key.ip_allowlist.join(', ')}` : ' · any address'}
                  </span>
                </span>
                <button
                  type="button"
                  aria-label={`Delete ${key.label}`}
                  onClick={() => remove.mutate(key.id)}
                  disabled={remove.isPending}
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-down hover:bg-down/10"
                >
                  <TrashIcon size={18} />
                </button>
              </div>
              {key.status !== 'ended' && (
                <Switch
                  label={`${key.label} enabled`}
                  checked={key.enabled}
                  onChange={(enabled) => setEnabled.mutate({ id: key.id, enabled })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {(setEnabled.isError || remove.isError) && (
        <Notice tone="error" className="mt-2">
          {errorMessage(setEnabled.error ?? remove.error, 'Could not change the key')}
        </Notice>
      )}
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const create = useCreateApiKey();
  const sendCode = useSendSecurityCode();
  const [label, setLabel] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(['read']);
  const [ips, setIps] = useState('');
  const [code, setCode] = useState('');
  const fields = isApiError(create.error)
    ? (create.error.data as { fields?: Record<string, string> }).fields
    : undefined;

  const toggle = (permission: ApiKeyPermission) =>
    setPermissions((list) =>
      list.includes(permission) ? list.filter((p) => p !== permission) : [...list, permission],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ipAllowlist = ips
      .split(/[\s,]+/)
      .map((ip) => ip.trim())
      .filter(Boolean);
    create.mutate(
      { label: label.trim(), permissions, ip_allowlist: ipAllowlist, code: code.trim() },
      {
        onSuccess: (created) => {
          setLabel('');
          setIps('');
          setCode('');
          setPermissions(['read']);
          onCreated(created);
        },
      },
    );
  };

  return (
    <section className="rounded-2xl bg-surface p-4 shadow-card">
      <h2 className="mb-3 text-[15px] font-semibold">Create an API key</h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Label"
          name="api-key-label"
          maxLength={40}
          placeholder="e.g. Grid bot"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={fields?.label}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-[13px] font-medium text-muted">Permissions</legend>
          {(Object.keys(PERMISSION_LABELS) as ApiKeyPermission[]).map((permission) => (
            <label key={permission} className="flex min-h-touch items-center gap-3">
              <input
                type="checkbox"
                className="h-5 w-5 accent-[rgb(var(--color-primary))]"
                checked={permission === 'read' || permissions.includes(permission)}
                disabled={permission === 'read'}
                onChange={() => toggle(permission)}
              />
              <span className="flex-1">
                <span className="block text-[15px]">{PERMISSION_LABELS[permission].title}</span>
                <span className="block text-[12px] text-muted">{PERMISSION_LABELS[permission].detail}</span>
              </span>
            </label>
          ))}
          <p className="text-[12px] text-muted">Withdrawals are never possible with an API key.</p>
          {fields?.permissions && <p className="text-[13px] text-down">{fields.permissions}</p>}
        </fieldset>
        <div>
          <TextField
            label="IP allowlist (optional)"
            name="ip-allowlist"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 203.0.113.7, 2001:db8::1"
            value={ips}
            onChange={(e) => setIps(e.target.value)}
            error={
              fields?.ip_allowlist ?? Object.entries(fields ?? {}).find(([k]) => k.startsWith('ip_allowlist'))?.[1]
            }
          />
          <p className="mt-1 text-xs text-muted">Empty: the key works from any address.</p>
        </div>
        <div>
          <SecurityCodeField value={code} onChange={setCode} sendCode={sendCode} error={fields?.code} />
          <p className="mt-1 text-xs text-muted">{CODE_HINT}</p>
        </div>
        {sendCode.isSuccess && !create.isSuccess && <Notice tone="success">{sendCode.data.message}</Notice>}
        {create.isError && <Notice tone="error">{errorMessage(create.error, 'Could not create the key')}</Notice>}
        <Button type="submit" busy={create.isPending}>
          Create key
        </Button>
      </form>
    </section>
  );
}

export function ApiKeysPage() {
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <>
      <PageHeader title="API keys" fallback={PATHS.safetyCenter} />
      <Screen>
        <div className="mt-2 flex flex-col gap-4">
          <p className="px-1 text-[13px] text-muted">
            Bots sign requests to the exchange-compatible API with a key. Keys never withdraw, and end when your
            password is reset or your account is locked.
          </p>
          {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
          <KeyList />
          {!created && <CreateKeyForm onCreated={setCreated} />}
        </div>
      </Screen>
    </>
  );
}

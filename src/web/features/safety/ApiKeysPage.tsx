/**
 * /safety/api-keys (docs/decisions/0033-api-keys.md, docs/security.md "API keys"): create a key for a trading bot
 * (label, permissions, optional IP allowlist) with the emailed code or the authenticator code, its
 * secret shown once with a copy button; the list with each key's switch and delete. Keys never
 * withdraw; a password reset or an account lock ends them.
 */
import { useState, type FormEvent } from 'react';
import { API_KEYS_MSG, type ApiKeyCreated, type ApiKeyInfo, type ApiKeyPermission } from '../../../shared/api/api-keys';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { TrashIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Switch } from '../../components/Switch';
import { TextField } from '../../components/TextField';
import { errorMessage, fieldMessages } from '../../lib/api';
import { useI18n, type TextKey, type Translate } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useSetApiKeyEnabled } from './api/api-keys';
import { useSendSecurityCode } from './api/security-code';
import { SecurityCodeField } from './SecurityCodeField';

/** The catalog keys (src/web/locales/<code>/safety.json) of each permission's title and detail. */
const PERMISSION_LABELS: Record<ApiKeyPermission, { title: TextKey; detail: TextKey }> = {
  read: { title: 'safety.apiKeys.readTitle', detail: 'safety.apiKeys.readDetail' },
  spot: { title: 'safety.apiKeys.spotTitle', detail: 'safety.apiKeys.spotDetail' },
  lever: { title: 'safety.apiKeys.leverTitle', detail: 'safety.apiKeys.leverDetail' },
};

const ENDED_REASONS: Record<string, TextKey> = {
  'password-reset': 'safety.apiKeys.endedByReset',
  'password-changed': 'safety.apiKeys.endedByChange',
  // Rows a lock ended before docs/decisions/0046 (locks end no keys since).
  'account-locked': 'safety.apiKeys.endedByLock',
};

const statusText = (t: Translate, key: ApiKeyInfo) =>
  key.status === 'ended'
    ? t(ENDED_REASONS[key.ended_reason ?? ''] ?? 'safety.apiKeys.ended')
    : t(key.enabled ? 'safety.apiKeys.active' : 'safety.apiKeys.disabled');

function NewSecret({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const { t, message } = useI18n();
  return (
    <section aria-label={t('safety.apiKeys.newKey')} className="rounded-2xl bg-surface p-4 shadow-card">
      <Notice tone="success">{message(API_KEYS_MSG.created)}</Notice>
      {(
        [
          [t('safety.apiKeys.apiKey'), t('safety.apiKeys.copyApiKey'), created.api_key],
          [t('safety.apiKeys.secretKey'), t('safety.apiKeys.copySecret'), created.secret],
        ] as const
      ).map(([label, copyLabel, value]) => (
        <div key={label} className="mt-3">
          <div className="flex items-center justify-between">
            <span className="text-[13px] font-medium text-muted">{label}</span>
            <CopyButton text={value} label={copyLabel} caption={t('safety.apiKeys.copy')} />
          </div>
          <p className="break-all rounded-xl bg-surface-2 px-3 py-2 font-mono text-[12px]">{value}</p>
        </div>
      ))}
      <Button className="mt-4" variant="secondary" onClick={onDone}>
        {t('safety.apiKeys.savedSecret')}
      </Button>
    </section>
  );
}

function KeyList() {
  const { t } = useI18n();
  const keys = useApiKeys();
  const setEnabled = useSetApiKeyEnabled();
  const remove = useDeleteApiKey();
  if (keys.isError) return <Notice tone="error">{errorMessage(keys.error, t('safety.apiKeys.loadFailed'))}</Notice>;
  const list = keys.data ?? [];
  return (
    <section aria-label={t('safety.apiKeys.list')}>
      <h2 className="mb-2 px-1 text-[13px] font-semibold uppercase tracking-wide text-muted">
        {t('safety.apiKeys.yourKeys')}
      </h2>
      {list.length === 0 ? (
        <p className="rounded-2xl bg-surface px-4 py-5 text-sm text-muted shadow-card">
          {keys.isPending ? t('safety.code.loading') : t('safety.apiKeys.none')}
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
                      · {statusText(t, key)}
                    </span>
                  </span>
                  <span className="block truncate font-mono text-[12px] text-muted">{key.api_key}</span>
                  <span className="block text-[12px] text-muted">
                    {key.permissions.map((p) => t(PERMISSION_LABELS[p].title)).join(', ')}
                    {' · '}
                    {key.ip_allowlist.length > 0
                      ? t('safety.apiKeys.fromIps', { ips: key.ip_allowlist.join(', ') })
                      : t('safety.apiKeys.anyAddress')}
                  </span>
                </span>
                <button
                  type="button"
                  aria-label={t('safety.apiKeys.deleteNamed', { label: key.label })}
                  onClick={() => remove.mutate(key.id)}
                  disabled={remove.isPending}
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-down hover:bg-down/10"
                >
                  <TrashIcon size={18} />
                </button>
              </div>
              {key.status !== 'ended' && (
                <Switch
                  label={t('safety.apiKeys.enabledNamed', { label: key.label })}
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
          {errorMessage(setEnabled.error ?? remove.error, t('safety.apiKeys.changeFailed'))}
        </Notice>
      )}
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const { t, message } = useI18n();
  const create = useCreateApiKey();
  const sendCode = useSendSecurityCode();
  const [label, setLabel] = useState('');
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(['read']);
  const [ips, setIps] = useState('');
  const [code, setCode] = useState('');
  const fields = fieldMessages(create.error);

  const ipError = fields?.ip_allowlist ?? Object.entries(fields ?? {}).find(([k]) => k.startsWith('ip_allowlist'))?.[1];

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
      <h2 className="mb-3 text-[15px] font-semibold">{t('safety.apiKeys.createTitle')}</h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t('safety.apiKeys.label')}
          name="api-key-label"
          maxLength={40}
          placeholder={t('safety.apiKeys.labelPlaceholder')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={fields?.label && message(fields.label)}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-[13px] font-medium text-muted">{t('safety.apiKeys.permissions')}</legend>
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
                <span className="block text-[15px]">{t(PERMISSION_LABELS[permission].title)}</span>
                <span className="block text-[12px] text-muted">{t(PERMISSION_LABELS[permission].detail)}</span>
              </span>
            </label>
          ))}
          <p className="text-[12px] text-muted">{t('safety.apiKeys.noWithdrawals')}</p>
          {fields?.permissions && <p className="text-[13px] text-down">{message(fields.permissions)}</p>}
        </fieldset>
        <div>
          <TextField
            label={t('safety.apiKeys.ipAllowlist')}
            name="ip-allowlist"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('safety.apiKeys.ipPlaceholder')}
            value={ips}
            onChange={(e) => setIps(e.target.value)}
            error={ipError && message(ipError)}
          />
          <p className="mt-1 text-xs text-muted">{t('safety.apiKeys.ipHint')}</p>
        </div>
        <div>
          <SecurityCodeField
            value={code}
            onChange={setCode}
            sendCode={sendCode}
            error={fields?.code && message(fields.code)}
          />
          <p className="mt-1 text-xs text-muted">{t('safety.code.emailOrAuthenticator')}</p>
        </div>
        {sendCode.isSuccess && !create.isSuccess && <Notice tone="success">{message(sendCode.data.message)}</Notice>}
        {create.isError && <Notice tone="error">{errorMessage(create.error, t('safety.apiKeys.createFailed'))}</Notice>}
        <Button type="submit" busy={create.isPending}>
          {t('safety.apiKeys.create')}
        </Button>
      </form>
    </section>
  );
}

export function ApiKeysPage() {
  const { t } = useI18n();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <>
      <PageHeader title={t('safety.apiKeys.title')} fallback={PATHS.safetyCenter} />
      <Screen>
        <div className="mt-2 flex flex-col gap-4">
          <p className="px-1 text-[13px] text-muted">{t('safety.apiKeys.intro')}</p>
          {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
          <KeyList />
          {!created && <CreateKeyForm onCreated={setCreated} />}
        </div>
      </Screen>
    </>
  );
}

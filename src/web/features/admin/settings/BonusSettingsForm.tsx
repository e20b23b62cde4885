/**
 * Bonuses in Settings (docs/decisions/0030): the switch and the tiers of each program as
 * "recharge:bonus" pairs. The server checks them (positive amounts, thresholds and bonuses
 * increasing) and records the change in the audit log; the bell's schedule shows it at once.
 */
import { useState } from 'react';
import { ADMIN_MSG } from '../../../../shared/api/admin';
import { BONUS_MSG, type BonusSettings, type BonusTier } from '../../../../shared/api/bonuses';
import { BONUS_GROUPS, type BonusGroup } from '../../../../shared/constants';
import { Switch } from '../../../components/Switch';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useI18n, type Translate } from '../../../lib/i18n';
import { useStaffI18n } from '../use-staff-i18n';
import { useBonusSettings, useSaveBonusSettings } from '../api/bonuses';
import { LoadError, Spinner } from '../ListState';
import { SettingsCard, type SaveOutcome } from './SettingsCard';

/** Each group's field label: the program's name (a BONUS_MSG text, translated by its code) and what counts. */
const labelOf = (group: BonusGroup, t: Translate, message: (text: string) => string): string => {
  if (group === 'top') return t('admin.settings.bonuses.top');
  const program = message(BONUS_MSG.programTitle[group]);
  if (group === 'new_user') return t('admin.settings.bonuses.newUser', { program });
  return group === 'membership'
    ? t('admin.settings.bonuses.membership', { program })
    : t('admin.settings.bonuses.vip', { program });
};

const tiersText = (tiers: BonusTier[]) => tiers.map((t) => `${t.recharge}:${t.bonus}`).join(', ');

/** "200:5, 500:15" -> tiers; null when a pair is not two parts. The server checks the numbers. */
function parseTiers(text: string): BonusTier[] | null {
  const pairs = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const tiers = pairs.map((pair) => pair.split(':').map((part) => part.trim()));
  if (tiers.some((parts) => parts.length !== 2 || parts.some((part) => part === ''))) return null;
  return tiers.map(([recharge, bonus]) => ({ recharge: recharge!, bonus: bonus! }));
}

function BonusSettingsFields({ current }: { current: BonusSettings }) {
  const [enabled, setEnabled] = useState(current.enabled);
  const [texts, setTexts] = useState(
    () => Object.fromEntries(BONUS_GROUPS.map((g) => [g, tiersText(current[g])])) as Record<BonusGroup, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<BonusGroup, string>>>({});
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const save = useSaveBonusSettings();
  const { t, message, dateTime } = useStaffI18n();

  const submit = () => {
    setOutcome(null);
    const parsed = Object.fromEntries(BONUS_GROUPS.map((g) => [g, parseTiers(texts[g])])) as Record<
      BonusGroup,
      BonusTier[] | null
    >;
    const wrong = Object.fromEntries(
      BONUS_GROUPS.filter((g) => parsed[g] === null).map((g) => [g, t('admin.settings.bonuses.badPairs')]),
    );
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    save.mutate(
      {
        enabled,
        new_user: parsed.new_user!,
        membership: parsed.membership!,
        vip: parsed.vip!,
        top: parsed.top!,
      },
      {
        onSuccess: (saved) => {
          setEnabled(saved.bonuses.enabled);
          setTexts(
            Object.fromEntries(BONUS_GROUPS.map((g) => [g, tiersText(saved.bonuses[g])])) as Record<BonusGroup, string>,
          );
          setOutcome({ tone: 'success', text: message(saved.message) });
        },
        onError: (err) => setOutcome({ tone: 'error', text: errorMessage(err, ADMIN_MSG.saveFailed) }),
      },
    );
  };

  return (
    <SettingsCard
      title={t('admin.settings.bonuses.title')}
      description={
        current.updated_at
          ? t('admin.settings.lastChanged', { time: dateTime(current.updated_at) })
          : t('admin.settings.bonuses.notChanged')
      }
      busy={save.isPending}
      outcome={outcome}
      onSubmit={submit}
      saveLabel={t('admin.settings.bonuses.save')}
    >
      <Switch label={t('admin.settings.bonuses.enabled')} checked={enabled} onChange={setEnabled} />
      {BONUS_GROUPS.map((group) => (
        <TextField
          key={group}
          label={labelOf(group, t, message)}
          hint={t('admin.settings.bonuses.pairsHint')}
          autoComplete="off"
          value={texts[group]}
          onChange={(event) => setTexts((all) => ({ ...all, [group]: event.target.value }))}
          error={errors[group] ?? null}
        />
      ))}
    </SettingsCard>
  );
}

export function BonusSettingsForm() {
  const settings = useBonusSettings();
  const { t } = useI18n();
  if (settings.isPending) return <Spinner label={t('admin.settings.bonuses.loading')} />;
  if (settings.isError)
    return (
      <LoadError
        message={errorMessage(settings.error, ADMIN_MSG.fetchSettingsFailed)}
        onRetry={() => void settings.refetch()}
      />
    );
  return <BonusSettingsFields current={settings.data} />;
}

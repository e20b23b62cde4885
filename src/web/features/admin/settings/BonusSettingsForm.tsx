/**
 * Bonuses in Settings (issue 23, docs/decisions/0030): the switch and the tiers of each program as
 * "recharge:bonus" pairs. The server checks them (positive amounts, thresholds and bonuses
 * increasing) and records the change in the audit log; the bell's schedule shows it at once.
 */
import { useState } from 'react';
import { ADMIN_MSG } from '../../../../shared/api/admin';
import {
  BONUS_GROUPS,
  BONUS_MSG,
  type BonusGroup,
  type BonusSettings,
  type BonusTier,
} from '../../../../shared/api/bonuses';
import { Switch } from '../../../components/Switch';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useBonusSettings, useSaveBonusSettings } from '../api/bonuses';
import { LoadError, Spinner } from '../ListState';
import { formatDateTime } from '../views';
import { SettingsCard, type SaveOutcome } from './SettingsCard';

const LABELS: Record<BonusGroup, string> = {
  new_user: `${BONUS_MSG.programTitle.new_user} (first recharge)`,
  membership: `${BONUS_MSG.programTitle.membership} (single recharge)`,
  vip: `${BONUS_MSG.programTitle.vip} (accumulated)`,
  top: 'Premier VIP bonus (accumulated, above VIP)',
};

const PAIRS_HINT = 'recharge:bonus in USDT, separated by commas; empty for none';
const BAD_PAIRS = 'Write each tier as recharge:bonus, e.g. 200:5, 500:15';

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

  const submit = () => {
    setOutcome(null);
    const parsed = Object.fromEntries(BONUS_GROUPS.map((g) => [g, parseTiers(texts[g])])) as Record<
      BonusGroup,
      BonusTier[] | null
    >;
    const wrong = Object.fromEntries(BONUS_GROUPS.filter((g) => parsed[g] === null).map((g) => [g, BAD_PAIRS]));
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
          setOutcome({ tone: 'success', text: saved.message });
        },
        onError: (err) => setOutcome({ tone: 'error', text: errorMessage(err, ADMIN_MSG.saveFailed) }),
      },
    );
  };

  return (
    <SettingsCard
      title="Bonuses"
      description={
        current.updated_at
          ? `Last changed ${formatDateTime(current.updated_at)}`
          : 'Not changed yet: the tiers of the product contract apply.'
      }
      busy={save.isPending}
      outcome={outcome}
      onSubmit={submit}
      saveLabel="Save bonuses"
    >
      <Switch label="Pay bonuses on approved deposits" checked={enabled} onChange={setEnabled} />
      {BONUS_GROUPS.map((group) => (
        <TextField
          key={group}
          label={LABELS[group]}
          hint={PAIRS_HINT}
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
  if (settings.isPending) return <Spinner label="Loading bonus settings" />;
  if (settings.isError)
    return (
      <LoadError
        message={errorMessage(settings.error, ADMIN_MSG.fetchSettingsFailed)}
        onRetry={() => void settings.refetch()}
      />
    );
  return <BonusSettingsFields current={settings.data} />;
}

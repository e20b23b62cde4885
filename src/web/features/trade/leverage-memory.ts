/**
 * The leverage remembered per symbol (docs/decisions/0061-trade-form.md): the Lever screen opens a coin
 * at the leverage the trader last chose for it, on this device and for this user. Kept in local storage
 * as { "<user id>": { "<coin>": leverage } }; logout clears it with the rest of storage. Anything
 * unreadable is ignored (the coin opens at the default).
 */
import { useState } from 'react';
import { leverageInput } from '../../../shared/api/trade';
import type { Leverage } from '../../../shared/constants';
import { readSession } from '../../lib/session';
import { STORAGE_KEYS, readItem, writeItem } from '../../lib/storage';

type Remembered = Record<string, Record<string, unknown>>;

function parse(stored: string | null): Remembered {
  try {
    const value: unknown = JSON.parse(stored ?? '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Remembered) : {};
  } catch {
    return {};
  }
}

/** The leverage `user` last chose for `coin` in `stored`, or null when none (or one no longer offered). */
export function rememberedLeverage(stored: string | null, user: string, coin: string): Leverage | null {
  const parsed = leverageInput.safeParse(parse(stored)[user]?.[coin]);
  return parsed.success ? parsed.data : null;
}

/** `stored` with `leverage` as `user`'s choice for `coin`. */
export function rememberLeverage(stored: string | null, user: string, coin: string, leverage: Leverage): string {
  const all = parse(stored);
  const mine = all[user];
  return JSON.stringify({ ...all, [user]: { ...(mine && typeof mine === 'object' ? mine : {}), [coin]: leverage } });
}

const userKey = () => String(readSession().user?.user_id ?? 'anonymous');

/** The chosen leverage of `coin` (null: none remembered) and the setter that remembers it. */
export function useRememberedLeverage(coin: string): [Leverage | null, (leverage: Leverage) => void] {
  const [chosen, setChosen] = useState(() => ({
    coin,
    leverage: rememberedLeverage(readItem(STORAGE_KEYS.leverLeverage), userKey(), coin),
  }));
  let current = chosen;
  if (chosen.coin !== coin) {
    current = { coin, leverage: rememberedLeverage(readItem(STORAGE_KEYS.leverLeverage), userKey(), coin) };
    setChosen(current);
  }
  const choose = (leverage: Leverage) => {
    writeItem(
      STORAGE_KEYS.leverLeverage,
      rememberLeverage(readItem(STORAGE_KEYS.leverLeverage), userKey(), coin, leverage),
    );
    setChosen({ coin, leverage });
  };
  return [current.leverage, choose];
}

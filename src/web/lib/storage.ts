/**
 * Every local-storage key the app uses (docs/product.md section 3), and access that never throws: storage
 * can be missing or full (private windows, quota), and a broken cache must not break the app.
 */

export const STORAGE_KEYS = {
  /** The access token (a JWT whose `exp` decides whether the user is logged in). */
  token: 'token',
  /** The user of the login response, as JSON (carries is_admin). */
  user: 'user',
  /** 'light' or 'dark'; unset follows the OS. */
  theme: 'theme',
  /** The chosen display language's code ('en', 'zh'...); unset is English. */
  language: 'language',
  /** Market-data endpoint config chosen for this region, as JSON with a timestamp. */
  marketApiConfig: 'marketApiConfig',
  /** 'true' forces the US market-data endpoints. */
  forceUs: 'forceUS',
  /** 'true' or 'false': the user says a VPN hides their real region. */
  vpnOverride: 'vpnOverride',
  /** Wallet lists cached for 24 hours, as JSON with a timestamp. */
  walletCache: 'walletCache',
  /** The chat emoji picker's recently used emoji, newest first, as a JSON array. */
  emojiRecents: 'emojiRecents',
  /** 'off': the Lever screen does not ask before an order at 50X or more (docs/decisions/0031-lever-results.md). */
  leverHighLeverageCheck: 'leverHighLeverageCheck',
  /** The Lever screen's last leverage per user and coin, as JSON (docs/decisions/0061-trade-form.md). */
  leverLeverage: 'leverLeverage',
  /** The real account's session (token and user, as JSON) while its demo twin is open (docs/decisions/0063). */
  realSession: 'realSession',
  /** 'off' when the last bonus tiers read offered nothing: Home then keeps no banner box while they load. */
  homeBonusBanner: 'homeBonusBanner',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readItem(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the app still works for this page view.
  }
}

/** Logout, an expired session and "clear cache" all wipe everything (docs/product.md sections 2 and 4). */
export function clearAll(): void {
  try {
    store()?.clear();
  } catch {
    // see writeItem
  }
}

export function removeItem(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // see writeItem
  }
}

/**
 * Which public exchange the browser talks to when it reads market data directly
 * (VITE_MARKET_DIRECT=true), by docs/product.md section 4, in order:
 *   1. manual override: local storage forceUS = 'true' -> US;
 *   2. VPN override: vpnOverride = 'true' -> international (the user's VPN reaches it);
 *   3. IP geolocation (several services; on a failed direct call, the CORS proxies) says US -> US;
 *   4. browser geolocation inside latitude 24..49, longitude -125..-66 -> US;
 *      or a US/Canada time zone -> US;
 *   5. else international.
 * The US choice falls back to the international endpoints when the US exchange does not answer.
 * The result is cached in local storage with a timestamp for 24 hours (overrides are read first,
 * so changing one takes effect at once). Everything the browser provides is passed in.
 */
import { API_CACHE_MS, GEOLOCATION_TIMEOUT_MS } from '../../shared/constants.js';
import {
  countryOf,
  EXCHANGE_ENDPOINTS,
  insideUsBox,
  IP_GEOLOCATION_SERVICES,
  US_CANADA_TIME_ZONES,
  type ExchangeEndpoints,
  type MarketRegion,
} from '../../shared/market-region.js';

/** Local storage keys of docs/product.md section 3 (the same names as the app's storage key list). */
export const REGION_STORAGE_KEYS = {
  endpointConfig: 'marketApiConfig',
  forceUs: 'forceUS',
  vpnOverride: 'vpnOverride',
} as const;

export type RegionReason = 'manual' | 'vpn' | 'ip' | 'geolocation' | 'timezone' | 'default';

export interface MarketEndpointConfig extends ExchangeEndpoints {
  region: MarketRegion;
  reason: RegionReason;
  /** When the choice was made (ms). */
  timestamp: number;
}

export interface RegionSignals {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  /** GET a JSON body, rejecting on any failure or after the time-out. */
  fetchJson: (url: string, timeoutMs: number) => Promise<unknown>;
  /** The browser's position (null when unavailable or refused). */
  position: (timeoutMs: number) => Promise<{ latitude: number; longitude: number } | null>;
  /** The browser's IANA time zone. */
  timeZone: () => string | undefined;
  ipServices?: readonly string[];
  /** URL prefixes the encoded service URL is appended to, tried when a direct call fails. */
  corsProxies?: readonly string[];
  endpoints?: Record<MarketRegion, ExchangeEndpoints>;
}

function read(storage: RegionSignals['storage'], key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The country of the user's IP: each service directly, then through each proxy; null if none answers. */
async function ipCountry(signals: RegionSignals): Promise<string | null> {
  const proxies = signals.corsProxies ?? [];
  for (const service of signals.ipServices ?? IP_GEOLOCATION_SERVICES) {
    for (const url of [service, ...proxies.map((proxy) => proxy + encodeURIComponent(service))]) {
      try {
        const country = countryOf(await signals.fetchJson(url, GEOLOCATION_TIMEOUT_MS));
        if (country) return country;
      } catch {
        // Blocked or down: the next way of asking.
      }
    }
  }
  return null;
}

export async function chooseRegion(signals: RegionSignals): Promise<{ region: MarketRegion; reason: RegionReason }> {
  if (read(signals.storage, REGION_STORAGE_KEYS.forceUs) === 'true') return { region: 'us', reason: 'manual' };
  if (read(signals.storage, REGION_STORAGE_KEYS.vpnOverride) === 'true')
    return { region: 'international', reason: 'vpn' };
  if ((await ipCountry(signals)) === 'US') return { region: 'us', reason: 'ip' };
  const position = await signals.position(GEOLOCATION_TIMEOUT_MS).catch(() => null);
  if (position && insideUsBox(position.latitude, position.longitude)) return { region: 'us', reason: 'geolocation' };
  const zone = signals.timeZone();
  if (zone && US_CANADA_TIME_ZONES.has(zone)) return { region: 'us', reason: 'timezone' };
  return { region: 'international', reason: 'default' };
}

function cached(signals: RegionSignals): MarketEndpointConfig | null {
  const raw = read(signals.storage, REGION_STORAGE_KEYS.endpointConfig);
  if (!raw) return null;
  try {
    const config = JSON.parse(raw) as Partial<MarketEndpointConfig>;
    const fresh =
      typeof config.timestamp === 'number' &&
      signals.now() - config.timestamp < API_CACHE_MS &&
      config.timestamp <= signals.now();
    if (!fresh || (config.region !== 'us' && config.region !== 'international')) return null;
    if (typeof config.rest !== 'string' || typeof config.ws !== 'string') return null;
    return config as MarketEndpointConfig;
  } catch {
    return null;
  }
}

/** Whether an exchange answers its ping (docs/product.md: fall back to international when not). */
async function answers(signals: RegionSignals, endpoints: ExchangeEndpoints): Promise<boolean> {
  try {
    await signals.fetchJson(`${endpoints.rest}/api/v3/ping`, GEOLOCATION_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/** The exchange endpoints for this browser: overrides, else the cached choice, else a fresh one. */
export async function resolveMarketEndpoints(signals: RegionSignals): Promise<MarketEndpointConfig> {
  const endpoints = signals.endpoints ?? EXCHANGE_ENDPOINTS;
  const hasOverride =
    read(signals.storage, REGION_STORAGE_KEYS.forceUs) === 'true' ||
    read(signals.storage, REGION_STORAGE_KEYS.vpnOverride) === 'true';
  if (!hasOverride) {
    const hit = cached(signals);
    if (hit) return hit;
  }
  const choice = await chooseRegion(signals);
  const { reason } = choice;
  const region = choice.region === 'us' && !(await answers(signals, endpoints.us)) ? 'international' : choice.region;
  const config: MarketEndpointConfig = { ...endpoints[region], region, reason, timestamp: signals.now() };
  if (!hasOverride) {
    try {
      signals.storage?.setItem(REGION_STORAGE_KEYS.endpointConfig, JSON.stringify(config));
    } catch {
      // A full or disabled storage only costs a new choice next time.
    }
  }
  return config;
}

/** The real browser behind RegionSignals. */
export function browserSignals(): RegionSignals {
  return {
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    now: () => Date.now(),
    async fetchJson(url, timeoutMs) {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.json() as Promise<unknown>;
    },
    position: (timeoutMs) =>
      new Promise((resolve) => {
        if (typeof navigator === 'undefined' || !navigator.geolocation) return resolve(null);
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
          () => resolve(null),
          { timeout: timeoutMs, maximumAge: API_CACHE_MS },
        );
      }),
    timeZone: () => {
      try {
        return Intl.DateTimeFormat().resolvedOptions().timeZone;
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Which public exchange the server follows (docs/product.md section 4, the rules that apply to a server):
 * the configured MARKET_REGION, else IP geolocation of this server (US -> the US exchange),
 * else international. The international exchange is always the fallback.
 */
import { countryOf, IP_GEOLOCATION_SERVICES, type MarketRegion } from '../../../shared/market-region.js';
import { GEOLOCATION_TIMEOUT_MS } from '../../../shared/constants.js';

export type FetchLike = (
  url: string,
  init?: { signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  /** The exchange's rate-limit headers (x-mbx-used-weight-1m, retry-after) are read from here. */
  headers?: { get(name: string): string | null };
}>;

/** The country of this machine's public IP from the first geolocation service that answers; null if none does. */
export async function detectCountry(
  fetchImpl: FetchLike,
  services: readonly string[] = IP_GEOLOCATION_SERVICES,
  timeoutMs = GEOLOCATION_TIMEOUT_MS,
): Promise<string | null> {
  for (const url of services) {
    try {
      const response = await fetchImpl(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) continue;
      const country = countryOf(await response.json());
      if (country) return country;
    } catch {
      // Next service: one being down or slow must not decide the region.
    }
  }
  return null;
}

export async function chooseServerRegion(
  override: MarketRegion | undefined,
  lookupCountry: () => Promise<string | null>,
): Promise<MarketRegion> {
  if (override) return override;
  return (await lookupCountry()) === 'US' ? 'us' : 'international';
}

/** Regions to try in order: the chosen one, then the international fallback. */
export const regionsToTry = (region: MarketRegion): MarketRegion[] =>
  region === 'us' ? ['us', 'international'] : ['international'];

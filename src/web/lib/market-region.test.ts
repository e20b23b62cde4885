import { describe, expect, it, vi } from 'vitest';
import { chooseRegion, REGION_STORAGE_KEYS, resolveMarketEndpoints, type RegionSignals } from './market-region.js';

const US = { rest: 'https://us.test', ws: 'wss://us-stream.test' };
const INTL = { rest: 'https://intl.test', ws: 'wss://intl-stream.test' };
const DAY = 24 * 60 * 60 * 1000;

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
}

/** A browser: by default nowhere in particular (IP says DE, no position, a European time zone). */
function browser(overrides: Partial<RegionSignals> & { answers?: Record<string, unknown> } = {}) {
  const answers: Record<string, unknown> = {
    'https://geo1.test/': { country_code: 'DE' },
    [`${US.rest}/api/v3/ping`]: {},
    ...overrides.answers,
  };
  const fetchJson = vi.fn(async (url: string) => {
    if (!(url in answers)) throw new Error(`offline: ${url}`);
    return answers[url];
  });
  const signals: RegionSignals = {
    storage: memoryStorage(),
    now: () => 1_700_000_000_000,
    fetchJson,
    position: vi.fn(async () => null),
    timeZone: () => 'Europe/Berlin',
    ipServices: ['https://geo1.test/', 'https://geo2.test/'],
    corsProxies: ['https://proxy.test/?url='],
    endpoints: { us: US, international: INTL },
    ...overrides,
  };
  return { signals, fetchJson };
}

describe('market region choice (docs/product.md section 4)', () => {
  it('1. obeys the manual force-US override before anything else', async () => {
    const { signals, fetchJson } = browser({ storage: memoryStorage({ forceUS: 'true', vpnOverride: 'true' }) });
    expect(await chooseRegion(signals)).toEqual({ region: 'us', reason: 'manual' });
    expect(fetchJson).not.toHaveBeenCalled();
  });

  it('2. then the VPN override: international without asking where the user is', async () => {
    const { signals, fetchJson } = browser({
      storage: memoryStorage({ vpnOverride: 'true' }),
      timeZone: () => 'America/New_York',
    });
    expect(await chooseRegion(signals)).toEqual({ region: 'international', reason: 'vpn' });
    expect(fetchJson).not.toHaveBeenCalled();
  });

  it('ignores override flags that are not "true"', async () => {
    const { signals } = browser({ storage: memoryStorage({ forceUS: 'false', vpnOverride: 'false' }) });
    expect(await chooseRegion(signals)).toEqual({ region: 'international', reason: 'default' });
  });

  it('3. picks the US when IP geolocation says US', async () => {
    const { signals } = browser({ answers: { 'https://geo1.test/': { countryCode: 'US' } } });
    expect(await chooseRegion(signals)).toEqual({ region: 'us', reason: 'ip' });
  });

  it('3. tries the next service, and the CORS proxies, when a direct call fails', async () => {
    const proxied = `https://proxy.test/?url=${encodeURIComponent('https://geo2.test/')}`;
    const { signals, fetchJson } = browser();
    fetchJson.mockImplementation(async (url: string) => {
      if (url === proxied) return { country: 'US' };
      throw new Error('blocked');
    });
    expect(await chooseRegion(signals)).toEqual({ region: 'us', reason: 'ip' });
    expect(fetchJson.mock.calls.map(([url]) => url)).toEqual([
      'https://geo1.test/',
      `https://proxy.test/?url=${encodeURIComponent('https://geo1.test/')}`,
      'https://geo2.test/',
      proxied,
    ]);
  });

  it('4. picks the US for a browser position inside the US box', async () => {
    const { signals } = browser({ position: async () => ({ latitude: 40.7, longitude: -74 }) });
    expect(await chooseRegion(signals)).toEqual({ region: 'us', reason: 'geolocation' });
  });

  it('4. not for a position outside the box (the box edges are inside)', async () => {
    expect(
      await chooseRegion(browser({ position: async () => ({ latitude: 51.5, longitude: -0.1 }) }).signals),
    ).toMatchObject({ region: 'international' });
    expect(
      await chooseRegion(browser({ position: async () => ({ latitude: 49, longitude: -125 }) }).signals),
    ).toMatchObject({ region: 'us' });
    expect(
      await chooseRegion(browser({ position: async () => ({ latitude: 23.9, longitude: -100 }) }).signals),
    ).toMatchObject({ region: 'international' });
  });

  it('4. picks the US for a US or Canadian time zone when there is no position', async () => {
    expect(await chooseRegion(browser({ timeZone: () => 'America/Chicago' }).signals)).toEqual({
      region: 'us',
      reason: 'timezone',
    });
    expect(await chooseRegion(browser({ timeZone: () => 'America/Toronto' }).signals)).toEqual({
      region: 'us',
      reason: 'timezone',
    });
    expect(await chooseRegion(browser({ timeZone: () => 'America/Sao_Paulo' }).signals)).toMatchObject({
      region: 'international',
    });
  });

  it('survives a geolocation that throws and a missing time zone', async () => {
    const { signals } = browser({ position: () => Promise.reject(new Error('denied')), timeZone: () => undefined });
    expect(await chooseRegion(signals)).toEqual({ region: 'international', reason: 'default' });
  });

  it('5. else international, also when every geolocation service is down', async () => {
    const { signals, fetchJson } = browser();
    fetchJson.mockRejectedValue(new Error('offline'));
    expect(await chooseRegion(signals)).toEqual({ region: 'international', reason: 'default' });
  });
});

describe('market endpoints', () => {
  it('gives the US endpoints to a US user and caches the choice with a timestamp', async () => {
    const { signals } = browser({ timeZone: () => 'America/Denver' });
    const config = await resolveMarketEndpoints(signals);
    expect(config).toMatchObject({ ...US, region: 'us', reason: 'timezone', timestamp: 1_700_000_000_000 });
    const stored = JSON.parse(
      (signals.storage as ReturnType<typeof memoryStorage>).items.get(REGION_STORAGE_KEYS.endpointConfig)!,
    );
    expect(stored).toEqual(config);
  });

  it('falls back to the international endpoints when the US exchange does not answer', async () => {
    const { signals } = browser({ timeZone: () => 'America/Denver' });
    signals.fetchJson = vi.fn(async (url: string) => {
      if (url === 'https://geo1.test/') return { country_code: 'DE' };
      throw new Error('unreachable');
    });
    expect(await resolveMarketEndpoints(signals)).toMatchObject({ ...INTL, region: 'international' });
  });

  it('reuses a cached choice for 24 hours, then chooses again', async () => {
    const storage = memoryStorage();
    const first = browser({ storage, timeZone: () => 'America/Denver' });
    await resolveMarketEndpoints(first.signals);
    const later = browser({ storage, now: () => 1_700_000_000_000 + DAY - 1 });
    expect(await resolveMarketEndpoints(later.signals)).toMatchObject({ region: 'us' });
    expect(later.fetchJson).not.toHaveBeenCalled();
    const expired = browser({ storage, now: () => 1_700_000_000_000 + DAY });
    expect(await resolveMarketEndpoints(expired.signals)).toMatchObject({
      region: 'international',
      timestamp: 1_700_000_000_000 + DAY,
    });
  });

  it('lets an override win over the cache without overwriting it', async () => {
    const storage = memoryStorage();
    await resolveMarketEndpoints(browser({ storage }).signals);
    storage.setItem(REGION_STORAGE_KEYS.forceUs, 'true');
    expect(await resolveMarketEndpoints(browser({ storage }).signals)).toMatchObject({
      region: 'us',
      reason: 'manual',
    });
    expect(JSON.parse(storage.items.get(REGION_STORAGE_KEYS.endpointConfig)!).region).toBe('international');
  });

  it('ignores a broken cache entry', async () => {
    const storage = memoryStorage({ [REGION_STORAGE_KEYS.endpointConfig]: '{not json' });
    expect(await resolveMarketEndpoints(browser({ storage }).signals)).toMatchObject({ region: 'international' });
  });
});

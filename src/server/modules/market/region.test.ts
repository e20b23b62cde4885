import { describe, expect, it, vi } from 'vitest';
import { chooseServerRegion, detectCountry, regionsToTry, type FetchLike } from './region.js';

const answering = (answers: Record<string, unknown>): FetchLike =>
  vi.fn(async (url: string) => {
    const answer = answers[url];
    if (answer instanceof Error) throw answer;
    if (answer === undefined) return { ok: false, status: 503, json: async () => ({}) };
    return { ok: true, status: 200, json: async () => answer };
  });

describe('server market region', () => {
  it('uses the configured region without asking anyone', async () => {
    const lookup = vi.fn(async () => 'US');
    expect(await chooseServerRegion('international', lookup)).toBe('international');
    expect(await chooseServerRegion('us', lookup)).toBe('us');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('follows the US exchange when IP geolocation says US, else the international one', async () => {
    expect(await chooseServerRegion(undefined, async () => 'US')).toBe('us');
    expect(await chooseServerRegion(undefined, async () => 'DE')).toBe('international');
    expect(await chooseServerRegion(undefined, async () => null)).toBe('international');
  });

  it('asks the geolocation services in turn until one names a country', async () => {
    const fetchImpl = answering({ 'https://a.test/': new Error('offline'), 'https://c.test/': { countryCode: 'us' } });
    expect(
      await detectCountry(fetchImpl, ['https://a.test/', 'https://b.test/', 'https://c.test/', 'https://d.test/']),
    ).toBe('US');
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(
      await detectCountry(answering({ 'https://a.test/': { country: 'Germany' } }), ['https://a.test/']),
    ).toBeNull();
  });

  it('falls back to the international exchange after the US one', () => {
    expect(regionsToTry('us')).toEqual(['us', 'international']);
    expect(regionsToTry('international')).toEqual(['international']);
  });
});

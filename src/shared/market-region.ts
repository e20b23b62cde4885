/**
 * Market-data region (docs/product.md section 4): which public exchange endpoints serve a user, the US or
 * the international one. The signals differ between the browser and the server; the facts here
 * (endpoint sets, geolocation services, the US box and time zones) are the same for both.
 */

export type MarketRegion = 'us' | 'international';

export interface ExchangeEndpoints {
  /** REST base, without a trailing slash ('https://api.binance.com'). */
  rest: string;
  /** WebSocket base; streams live under /ws and /stream. */
  ws: string;
}

export const EXCHANGE_ENDPOINTS: Record<MarketRegion, ExchangeEndpoints> = {
  international: { rest: 'https://api.binance.com', ws: 'wss://stream.binance.com:9443' },
  us: { rest: 'https://api.binance.us', ws: 'wss://stream.binance.us:9443' },
};

/** Public IP geolocation services, tried in order; each answers JSON with a two-letter country. */
export const IP_GEOLOCATION_SERVICES: readonly string[] = [
  'https://ipapi.co/json/',
  'https://ipwho.is/',
  'https://api.country.is/',
];

/** The country code in a geolocation answer ('US'), whatever the service calls the field. */
export function countryOf(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const record = answer as Record<string, unknown>;
  for (const field of ['country_code', 'countryCode', 'country']) {
    const value = record[field];
    if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)) return value.toUpperCase();
  }
  return null;
}

/** The contiguous United States, roughly: latitude 24 to 49, longitude -125 to -66. */
const US_BOX = { minLatitude: 24, maxLatitude: 49, minLongitude: -125, maxLongitude: -66 } as const;

export const insideUsBox = (latitude: number, longitude: number): boolean =>
  latitude >= US_BOX.minLatitude &&
  latitude <= US_BOX.maxLatitude &&
  longitude >= US_BOX.minLongitude &&
  longitude <= US_BOX.maxLongitude;

/** IANA time zones of the United States and Canada (with their legacy aliases). */
export const US_CANADA_TIME_ZONES: ReadonlySet<string> = new Set([
  'America/New_York',
  'America/Detroit',
  'America/Kentucky/Louisville',
  'America/Kentucky/Monticello',
  'America/Indiana/Indianapolis',
  'America/Indiana/Vincennes',
  'America/Indiana/Winamac',
  'America/Indiana/Marengo',
  'America/Indiana/Petersburg',
  'America/Indiana/Vevay',
  'America/Indiana/Tell_City',
  'America/Indiana/Knox',
  'America/Indianapolis',
  'America/Louisville',
  'America/Chicago',
  'America/Menominee',
  'America/North_Dakota/Center',
  'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Juneau',
  'America/Sitka',
  'America/Metlakatla',
  'America/Yakutat',
  'America/Nome',
  'America/Adak',
  'Pacific/Honolulu',
  'US/Eastern',
  'US/Central',
  'US/Mountain',
  'US/Pacific',
  'US/Alaska',
  'US/Hawaii',
  'US/Arizona',
  'US/Michigan',
  'US/East-Indiana',
  'US/Indiana-Starke',
  'US/Aleutian',
  'America/Toronto',
  'America/Montreal',
  'America/Nipigon',
  'America/Thunder_Bay',
  'America/Iqaluit',
  'America/Pangnirtung',
  'America/Atikokan',
  'America/Winnipeg',
  'America/Rainy_River',
  'America/Rankin_Inlet',
  'America/Resolute',
  'America/Regina',
  'America/Swift_Current',
  'America/Edmonton',
  'America/Cambridge_Bay',
  'America/Yellowknife',
  'America/Inuvik',
  'America/Creston',
  'America/Dawson_Creek',
  'America/Fort_Nelson',
  'America/Vancouver',
  'America/Whitehorse',
  'America/Dawson',
  'America/Halifax',
  'America/Glace_Bay',
  'America/Moncton',
  'America/Goose_Bay',
  'America/St_Johns',
  'America/Blanc-Sablon',
  'Canada/Atlantic',
  'Canada/Central',
  'Canada/Eastern',
  'Canada/Mountain',
  'Canada/Newfoundland',
  'Canada/Pacific',
  'Canada/Saskatchewan',
  'Canada/Yukon',
]);

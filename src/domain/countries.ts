import { ApiError } from '../errors.js';

/** Every country the service knows a food composition table for (decisions.md). */
export const KNOWN_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'SE', 'NO', 'DK'] as const;
export type CountryCode = (typeof KNOWN_COUNTRIES)[number];

/**
 * The country a request asks for, upper-cased; US when absent. A country whose data is
 * not in the loaded catalogue is refused rather than silently answered with US values.
 */
export function resolveCountry(raw: string | undefined, available: readonly CountryCode[]): CountryCode {
  if (raw === undefined) return 'US';
  const code = raw.trim().toUpperCase();
  if ((available as readonly string[]).includes(code)) return code as CountryCode;
  const known = (KNOWN_COUNTRIES as readonly string[]).includes(code);
  throw new ApiError(
    'unsupported_country',
    known
      ? `national data for ${code} is not loaded in this catalogue; supported countries: ${available.join(', ')}`
      : code === 'UK' && (available as readonly string[]).includes('GB')
        ? `country "UK" is not an ISO 3166 code: the United Kingdom is GB; supported countries: ${available.join(', ')}`
        : `country "${raw.slice(0, 32)}" is not supported; supported countries: ${available.join(', ')}`,
    { errors: [{ parameter: 'country', message: `must be one of: ${available.join(', ')}` }] },
  );
}

/** The national dataset that speaks for each country (decisions.md, source identifiers). */
export const NATIONAL_DATASET: Readonly<Record<Exclude<CountryCode, 'US'>, string>> = {
  GB: 'uk_cofid',
  DE: 'de_bls',
  FR: 'fr_ciqual',
  SE: 'se_livsmedelsverket',
  NO: 'no_matvaretabellen',
  DK: 'dk_frida',
};

/** The countries a catalogue can answer: US always, plus each whose national dataset it holds. */
export function availableCountries(datasetIds: readonly string[]): CountryCode[] {
  const loaded = new Set(datasetIds);
  const out: CountryCode[] = ['US'];
  for (const country of KNOWN_COUNTRIES) {
    if (country !== 'US' && loaded.has(NATIONAL_DATASET[country])) out.push(country);
  }
  return out;
}

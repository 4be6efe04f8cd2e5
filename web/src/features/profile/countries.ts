import { useQuery } from '@tanstack/react-query';
import { currentLocale, useLanguage, type Lang } from '@/i18n';

/** A country as the picker lists it: its ISO 3166-1 alpha-2 code and its name in the language. */
export type Country = { code: string; name: string };

type NameFile = { countries: Record<string, string | string[]> };

/**
 * Every country of ISO 3166-1 (i18n-iso-countries, the list the server checks a code against),
 * named in English or Dutch. Each language's names are a chunk of their own, loaded when a screen
 * with a country asks for them, so no first screen carries some 4 KB of names it does not show.
 */
const nameFiles: Record<Lang, () => Promise<{ default: NameFile }>> = {
  en: () => import('i18n-iso-countries/langs/en.json'),
  nl: () => import('i18n-iso-countries/langs/nl.json'),
};

/**
 * The name a person looks for. Where the list gives more than one, the English file puts the
 * common name first (`United Kingdom`, then `UK`), the Dutch one the formal name first
 * (`Koninkrijk België`, then `België`).
 */
function commonName(language: Lang, names: string | string[]): string {
  if (typeof names === 'string') return names;
  return (language === 'nl' ? names[1] : names[0]) ?? names[0] ?? '';
}

/** The countries named in a language, sorted by name as that language sorts. */
export async function loadCountries(language: Lang): Promise<Country[]> {
  const file = (await nameFiles[language]()).default;
  const order = new Intl.Collator(currentLocale());
  return Object.entries(file.countries)
    .map(([code, names]) => ({ code, name: commonName(language, names) }))
    .sort((a, b) => order.compare(a.name, b.name));
}

/** Every country in the current language, sorted by name; null while the names load. */
export function useCountries(): Country[] | null {
  const language = useLanguage();
  const { data } = useQuery({
    queryKey: ['countries', language],
    queryFn: () => loadCountries(language),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data ?? null;
}

const WHITE_FLAG = '\u{1F3F3}\u{FE0F}';

/** The regional-indicator flag of a two-letter code (`NL` → 🇳🇱). */
export const regionalFlag = (code: string): string =>
  [...code.toUpperCase()]
    .map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65))
    .join('');

/** A code's country in the list, or undefined for a code that names none (`XX`, an erased one). */
export const countryOf = (
  code: string | null | undefined,
  countries: readonly Country[],
): Country | undefined => countries.find((c) => c.code === code?.toUpperCase());

/** The flag of a listed country's code; the white flag for anything else. */
export function flagOf(
  code: string | null | undefined,
  countries: readonly Country[],
): string {
  const country = countryOf(code, countries);
  return country ? regionalFlag(country.code) : WHITE_FLAG;
}

import { SelectField } from '@/components/ui/field';
import { t } from '@/i18n';
import { countryOf, regionalFlag, useCountries } from './countries';

/**
 * Country select showing flag and name of every ISO 3166-1 country in the current language; the
 * value is the two-letter code. A code the list does not hold (an old one, or while the names
 * load) stays selected as it is, so the form never changes it unasked. `none` is the empty choice's
 * text: a screen whose texts do not include the account's (a link page's address form) gives its own.
 */
export function CountrySelect({
  label,
  none = t('country.none'),
  value,
  onChange,
}: {
  label: string;
  none?: string;
  value: string;
  onChange: (code: string) => void;
}) {
  const countries = useCountries();
  const unlisted = value && !countryOf(value, countries ?? []);
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-busy={countries === null}
    >
      <option value="">{none}</option>
      {unlisted && <option value={value}>{value}</option>}
      {countries?.map((c) => (
        <option key={c.code} value={c.code}>
          {regionalFlag(c.code)} {c.name}
        </option>
      ))}
    </SelectField>
  );
}

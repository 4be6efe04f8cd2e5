import { SelectField } from '@/components/ui/field';
import { currentLocale, t } from '@/i18n';
import { countries, flagOf } from './countries';

/** Country select showing flag and name; the value is the two-letter code. */
export function CountrySelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
}) {
  // Country names in the current language (the browser knows them); the spec's English list as fallback.
  const names =
    typeof Intl.DisplayNames === 'function'
      ? new Intl.DisplayNames([currentLocale()], { type: 'region' })
      : null;
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{t('country.none')}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {flagOf(c.code)} {names?.of(c.code) ?? c.name}
        </option>
      ))}
    </SelectField>
  );
}

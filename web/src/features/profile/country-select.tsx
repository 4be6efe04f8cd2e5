import { SelectField } from '../../components/ui/field';
import { t } from '../../i18n';
import { countries, flagOf } from './countries';

/** Country select showing flag and name; the value is the two-letter code. */
export function CountrySelect({ label, value, onChange }: { label: string; value: string; onChange: (code: string) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('country.none')}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {flagOf(c.code)} {c.name}
        </option>
      ))}
    </SelectField>
  );
}

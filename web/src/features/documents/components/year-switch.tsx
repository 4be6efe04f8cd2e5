import { Link } from '@/lib/router';
import { t } from '@/i18n';

/** The previous and next calendar year of a year overview (not printed). */
export function YearSwitch({ path }: { path: string }) {
  const year = Number(path.slice(-4));
  const link =
    'text-sm font-medium text-brand-600 underline-offset-2 hover:underline';
  return (
    <nav
      aria-label={t('doc.years')}
      className="mb-3 flex justify-between print:hidden"
    >
      <Link to={`/year-overview/${year - 1}`} className={link}>
        ← {year - 1}
      </Link>
      {year < new Date().getFullYear() && (
        <Link to={`/year-overview/${year + 1}`} className={link}>
          {year + 1} →
        </Link>
      )}
    </nav>
  );
}

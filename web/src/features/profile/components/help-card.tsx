import { Link } from '@/lib/router';
import { Card } from '@/components/ui/card';
import { t } from '@/i18n';
import { supportMailto } from '@/lib/support';

const SUPPORT_MAIL = supportMailto();

/** 'Help & Support': the FAQ page, a mail to support, the person's data, and the terms (a modal the page owns). */
export function HelpCard({ onTerms }: { onTerms: () => void }) {
  return (
    <Card>
      <h2 className="mb-2 font-semibold">{t('profile.help')}</h2>
      <ul className="divide-y divide-slate-100 text-sm">
        <li>
          <Link to="/faq" className="block min-h-11 py-3">
            {t('profile.faq')}
          </Link>
        </li>
        <li>
          <a href={SUPPORT_MAIL} className="block min-h-11 py-3">
            {t('profile.contact')}
          </a>
        </li>
        <li>
          <Link to="/profile/export" className="block min-h-11 py-3">
            {t('profile.dataExport')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="min-h-11 w-full py-3 text-left"
            onClick={onTerms}
          >
            {t('profile.terms')}
          </button>
        </li>
      </ul>
    </Card>
  );
}

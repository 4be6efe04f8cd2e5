import { Link } from '@/lib/router';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { t } from '@/i18n';

export default function NotFoundRoute() {
  return (
    <Page title={t('app.notFound')}>
      <Link to="/" className={buttonClass('primary')}>
        {t('app.backHome')}
      </Link>
    </Page>
  );
}

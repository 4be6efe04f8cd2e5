import { Link } from '@/lib/router';
import { t } from '@/i18n';

/** The page header's way back, a full 44 px target. */
export function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      aria-label={t('detail.back')}
      className="-ml-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-2xl leading-none text-slate-600 hover:bg-slate-100"
    >
      ←
    </Link>
  );
}

import { HeroIcon } from '@/components/ui/icon';
import { t } from '@/i18n';

/** A creator link that leads to no deal (docs/product.md §2). */
export function LinkNotFound() {
  return (
    <main className="mx-auto max-w-md px-5 py-16 text-center">
      <HeroIcon name="search" tone="bg-slate-100 text-slate-600" />
      <h1 className="mt-3 text-2xl font-bold">{t('accept.notFoundTitle')}</h1>
      <p className="mt-2 text-slate-600">{t('accept.notFoundText')}</p>
    </main>
  );
}

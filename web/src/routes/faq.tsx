import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { t, type MessageKey } from '@/i18n';
import { SUPPORT_EMAIL, supportMailto } from '@/lib/support';

const topics = ['fees', 'timing', 'disputes', 'payouts', 'documents'] as const;

/**
 * The FAQ (open to everyone, linked from the profile's Help & Support). Fees and periods come from
 * the server's settings through the texts, so the answers never disagree with what is charged.
 */
export default function FaqRoute() {
  return (
    <Page title={t('faq.title')} subtitle={t('faq.intro')}>
      <div className="space-y-3">
        {topics.map((topic) => (
          <Card key={topic} className="p-0">
            <details className="group" open={topic === 'fees'}>
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-semibold">
                <h2 className="text-base">
                  {t(`faq.${topic}.q` as MessageKey)}
                </h2>
                <span
                  aria-hidden
                  className="text-slate-500 transition group-open:rotate-180"
                >
                  ▾
                </span>
              </summary>
              <p className="px-4 pb-4 text-sm text-slate-700">
                {t(`faq.${topic}.a` as MessageKey)}
              </p>
            </details>
          </Card>
        ))}
        <p className="text-sm text-slate-700">
          <a
            href={supportMailto()}
            className="inline-block min-h-11 py-3 text-brand-700 underline"
          >
            {t('faq.contact', { supportEmail: SUPPORT_EMAIL })}
          </a>
        </p>
      </div>
    </Page>
  );
}

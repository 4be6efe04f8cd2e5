import type { DealDto } from '@machines/contract/api';
import { Card } from '@/components/ui/card';
import { t } from '@/i18n';

/** Usage rights and exclusivity in the reader's words (the contract's codes, machines/deal/deal-contract.ts). */
function usageText(d: DealDto): string {
  const u = d.usageRights;
  if (u === null) return t('contract.usage.unset');
  return u.kind === 'paid_ads'
    ? t('contract.usage.paid_ads', { days: u.days })
    : t(
        u.kind === 'organic'
          ? 'contract.usage.organic'
          : 'contract.usage.perpetual',
      );
}

const exclusivityText = (d: DealDto): string =>
  d.exclusivity.kind === 'none'
    ? t('contract.exclusivity.none')
    : t('contract.exclusivity.category', {
        days: d.exclusivity.days,
        category: d.exclusivity.category,
      });

/**
 * The contract's terms beside the brief (revision rounds, usage rights, exclusivity, the brand's own
 * terms), its fingerprint, and the printable contract page (`contractPath`).
 */
export function ContractSummary({
  deal: d,
  contractPath,
}: {
  deal: DealDto;
  contractPath: string;
}) {
  return (
    <Card>
      <h2 className="mb-2 font-semibold">{t('contract.heading')}</h2>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('contract.revisionRounds')}</dt>
          <dd data-testid="contract-rounds">{d.revisionRounds}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('contract.usageRights')}</dt>
          <dd className="text-right" data-testid="contract-usage">
            {usageText(d)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('contract.exclusivity')}</dt>
          <dd className="text-right">{exclusivityText(d)}</dd>
        </div>
        {d.brandTerms && (
          <div>
            <dt className="text-slate-600">{t('contract.brandTerms')}</dt>
            <dd className="whitespace-pre-line">{d.brandTerms}</dd>
          </div>
        )}
        <div>
          <dt className="text-slate-600">{t('contract.hash')}</dt>
          <dd
            className="font-mono text-xs break-all"
            data-testid="contract-hash"
          >
            {d.contract.hash}
          </dd>
        </div>
      </dl>
      <a
        className="mt-3 inline-block text-sm font-medium text-blue-700 underline"
        href={contractPath}
      >
        {t('contract.open')}
      </a>
    </Card>
  );
}

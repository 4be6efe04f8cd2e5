import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MoneyNotes } from '@/features/admin/components/money-notes';
import { loadTexts, setLanguage } from '@/i18n';

/** The admin panels' money notes: a lost chargeback that ended the deal or request says so. */
const lost = {
  disputeId: 'dp_1',
  amountCents: 27_050,
  reason: 'fraudulent',
  at: '2026-03-02T10:00:00.000Z',
  status: 'lost' as const,
  closedAt: '2026-03-03T10:00:00.000Z',
  outcomeReason: 'fraudulent',
};
const notes = (statusText: string) =>
  renderToStaticMarkup(
    <MoneyNotes
      chargebacks={[lost]}
      duplicateRefunds={[]}
      statusText={statusText}
    />,
  );

describe('MoneyNotes: the end by a lost chargeback', () => {
  it('says in English and Dutch that the lost chargeback ended it with nothing refunded or paid out; a partial loss says nothing of an end', async () => {
    await setLanguage('en', { persist: false });
    await loadTexts(['admin']);
    expect(notes('deal.brand.charged_back')).toContain(
      'Ended by the lost chargeback: it took all the escrow held, so nothing was refunded or paid out through the payment provider.',
    );
    expect(notes('request.status.charged_back')).toContain(
      'data-testid="charged-back-end"',
    );
    expect(notes('deal.brand.funds_held')).not.toContain('charged-back-end');
    expect(notes('deal.brand.charged_back_in_part')).toContain(
      'it took the rest the escrow held, so the open milestones were neither refunded nor paid out',
    );
    await setLanguage('nl', { persist: false });
    await loadTexts(['admin']);
    expect(notes('deal.brand.charged_back_in_part')).toContain(
      'de eerder uitbetaalde mijlpalen blijven uitbetaald',
    );
    expect(notes('deal.brand.charged_back')).toContain(
      'Beëindigd door de verloren terugboeking',
    );
    await setLanguage('en', { persist: false });
  });
});

import { formatMoney, t, type MessageKey } from '@/i18n';
import type { ReplayLedger } from '@/features/admin/api/admin-audit';
import { referenceText } from '@/features/admin/model/gateway-reference';

const accountName = (account: string) =>
  t(`admin.account.${account}` as MessageKey);

/**
 * The deal's accounts at the chosen event: what the event posted (debit → credit, amount, and
 * whether it was posted, reserved for an intent, settled or voided), the gateway's reference for
 * that money, and every account's balance after it (with what pending transfers hold).
 */
export function ReplayLedger({ ledger }: { ledger: ReplayLedger }) {
  return (
    <section className="space-y-2 text-xs" data-testid="replay-ledger">
      <h4 className="font-semibold">{t('admin.ledger')}</h4>
      {ledger.lines.length === 0 ? (
        <p className="text-slate-600">{t('admin.ledgerNone')}</p>
      ) : (
        <ul className="space-y-1" data-testid="ledger-lines">
          {ledger.lines.map((l, i) => (
            <li key={i} className="flex flex-wrap justify-between gap-x-2">
              <span>
                {accountName(l.debit)} → {accountName(l.credit)}
              </span>
              <span className="tabular-nums">
                {formatMoney(l.amountCents)} ·{' '}
                {t(`admin.ledgerKind.${l.kind}` as MessageKey)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {ledger.reference && (
        <p className="break-all text-slate-600" data-testid="ledger-reference">
          {referenceText(ledger.reference, (reference) =>
            t('admin.ledgerReference', { reference }),
          )}
        </p>
      )}
      <dl
        className="grid grid-cols-2 gap-x-2 rounded-lg bg-white p-2"
        data-testid="ledger-balances"
      >
        {ledger.balances.map((b) => (
          <div key={b.account} className="contents">
            <dt className="text-slate-600">{accountName(b.account)}</dt>
            <dd className="text-right tabular-nums" data-account={b.account}>
              {formatMoney(b.balanceCents)}
              {b.pendingCents > 0 &&
                ` (${t('admin.ledgerPending', { amount: formatMoney(b.pendingCents) })})`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

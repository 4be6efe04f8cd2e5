import type { ReactNode } from 'react';
import type { AmountReading } from '@/lib/amount';
import { t, formatMoney } from '@/i18n';
import { TextField } from './field';

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  reading: AmountReading;
  bounds: { minCents: number; maxCents: number };
  /** The words for an amount above the maximum (deals name the spec's cap text). */
  aboveText: string;
  /** Shown below the field once an amount is understood (e.g. what the other side pays). */
  extra?: ReactNode;
  /** Show a missing amount as an error (after a submit attempt). */
  showEmpty?: boolean;
  /** An error the field cannot see itself (e.g. the server's refusal); shown before its own. */
  error?: string | null;
}

/**
 * The one amount field of the deal and request forms: a text field with the decimal keypad (a
 * number field drops a typed comma in some browsers), the value it understood, and the bounds
 * checked while typing, in the app's own words.
 */
export function AmountField({
  reading,
  bounds,
  aboveText,
  extra,
  showEmpty,
  ...field
}: Props) {
  const error =
    field.error ||
    (reading.problem === 'invalid'
      ? t('amount.invalid')
      : reading.problem === 'below'
        ? t('amount.below', { min: formatMoney(bounds.minCents) })
        : reading.problem === 'above'
          ? aboveText
          : reading.problem === 'empty' && showEmpty
            ? t('amount.required')
            : null);
  const hint =
    reading.problem === null ? (
      <span data-testid="amount-understood">
        {t('amount.understood', { amount: formatMoney(reading.cents) })}
        {extra ? <> · {extra}</> : null}
      </span>
    ) : (
      t('amount.hint', { max: formatMoney(bounds.maxCents, { whole: true }) })
    );
  return (
    <TextField
      label={field.label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      value={field.value}
      onChange={(e) => field.onChange(e.target.value)}
      error={error}
      hint={hint}
    />
  );
}

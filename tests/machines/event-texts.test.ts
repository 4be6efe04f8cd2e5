import { describe, expect, it } from 'vitest';
import { eventTexts, renderEventText } from '@machines/events/event-texts';

const params = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('event texts', () => {
  it('given every code, then English and Dutch name the same params', () => {
    for (const [code, texts] of Object.entries(eventTexts))
      expect(params(texts.nl), code).toEqual(params(texts.en));
  });

  it('given amounts and instants, then the reader formats them; other params stay as given', () => {
    const format = {
      money: (c: number) => `EUR ${c / 100}`,
      instant: (iso: string) => `@${iso}`,
    };
    expect(
      renderEventText(
        {
          code: 'DisputeOpened',
          params: { reason: 'Late', endsAt: '2026-11-27T08:40:10Z' },
        },
        'nl',
        format,
      ),
    ).toBe(
      'Het merk opende een geschil: „Late”. Betaling vastgehouden tot @2026-11-27T08:40:10Z.',
    );
    expect(
      renderEventText(
        { code: 'SplitRefundSucceeded', params: { amountCents: 15_148 } },
        'en',
        format,
      ),
    ).toBe('Split: EUR 151.48 refunded to the brand.');
  });

  it("given a chargeback, then the card issuer's reason reads in the reader's words; another text's reason stays as written", () => {
    const format = { money: (c: number) => `€${c / 100}`, instant: String };
    const opened = {
      code: 'ChargebackOpened',
      params: { amountCents: 10_820, reason: 'fraudulent' },
    } as const;
    expect(renderEventText(opened, 'nl', format)).toBe(
      'Terugboeking van €108.2 geopend door de kaartuitgever: frauduleus.',
    );
    expect(renderEventText(opened, 'en', format)).toBe(
      'Card chargeback of €108.2 opened by the card issuer: fraudulent.',
    );
    expect(
      renderEventText(
        {
          code: 'DealPutOnHold.chargeback',
          params: { reason: 'Chargeback: duplicate' },
        },
        'nl',
        format,
      ),
    ).toBe('Automatisch vastgehouden: Terugboeking: dubbele betaling.');
    expect(
      renderEventText(
        { code: 'DisputeOpened', params: { reason: 'duplicate', endsAt: 'x' } },
        'nl',
        format,
      ),
    ).toContain('„duplicate”');
  });

  it('given a milestone, then the text says which, in English and in Dutch', () => {
    const format = {
      money: (c: number) => `EUR ${c / 100}`,
      instant: (iso: string) => `@${iso}`,
    };
    const delivered = {
      code: 'ContentDelivered',
      params: { milestone: 2 },
    } as const;
    expect(renderEventText(delivered, 'en', format)).toMatch(
      /^Milestone 2: the creator /,
    );
    expect(renderEventText(delivered, 'nl', format)).toMatch(
      /^Mijlpaal 2: de creator /,
    );
    // A sentence opening with an amount or a name keeps it as it is.
    const refunded = {
      code: 'DealRefunded',
      params: { amountCents: 7_574, milestone: 3 },
    } as const;
    expect(renderEventText(refunded, 'nl', format)).toMatch(/^Mijlpaal 3: /);
  });
});

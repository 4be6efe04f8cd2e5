import { describe, expect, it } from 'vitest';
import {
  isVatIdOf,
  normaliseVatId,
  splitFee,
  vatTreatmentFor,
} from '@machines/documents/vat';
import {
  checkSelfBilling,
  selfBilledVat,
} from '@machines/documents/self-billing';

describe('VAT on the platform fee', () => {
  it('checks VAT ids per EU country', () => {
    expect(isVatIdOf('NL', normaliseVatId('nl 1234.56.789.B01'))).toBe(true);
    expect(isVatIdOf('NL', 'NL123456789')).toBe(false);
    expect(isVatIdOf('BE', 'BE0123456789')).toBe(true);
    expect(isVatIdOf('BE', 'BE2123456789')).toBe(false);
    expect(isVatIdOf('DE', 'DE123456789')).toBe(true);
    expect(isVatIdOf('GR', 'EL123456789')).toBe(true);
    expect(isVatIdOf('FR', 'FRXX123456789')).toBe(true);
    // A Belgian number given for the Netherlands, or a country outside the EU.
    expect(isVatIdOf('NL', 'BE0123456789')).toBe(false);
    expect(isVatIdOf('US', 'US123456789')).toBe(false);
  });

  it('a Dutch buyer pays Dutch VAT, an EU business elsewhere reverse charge, outside the EU none', () => {
    expect(
      vatTreatmentFor('NL', { country: 'NL', vatId: 'NL123456789B01' }),
    ).toBe('domestic');
    expect(
      vatTreatmentFor('NL', { country: 'BE', vatId: 'BE0123456789' }),
    ).toBe('reverse_charge');
    expect(vatTreatmentFor('NL', { country: 'BE', vatId: null })).toBe(
      'domestic',
    );
    expect(vatTreatmentFor('NL', { country: 'US', vatId: null })).toBe(
      'outside_eu',
    );
  });

  it('splits the fee the buyer pays into net and VAT without changing it', () => {
    // €20.50 fee on a €250 deal, 21 % included: 16.94 + 3.56.
    expect(splitFee(2_050, 'domestic', 2_100)).toEqual({
      netCents: 1_694,
      vatCents: 356,
      rateBps: 2_100,
    });
    expect(splitFee(2_050, 'reverse_charge', 2_100)).toEqual({
      netCents: 2_050,
      vatCents: 0,
      rateBps: 0,
    });
    for (let fee = 1; fee < 20_000; fee += 37) {
      const { netCents, vatCents } = splitFee(fee, 'domestic', 2_100);
      expect(netCents + vatCents).toBe(fee);
    }
  });
});

describe('self-billing terms and VAT', () => {
  const terms = {
    company: 'Sam Creates',
    addressLines: ['Oudegracht 10'],
    postcode: '3511 AP',
    city: 'Utrecht',
    country: 'NL',
  };
  it('the VAT scheme needs a VAT id in the country’s format; the small-business scheme drops one', () => {
    expect(
      checkSelfBilling({ ...terms, vatScheme: 'vat', vatId: null }),
    ).toEqual({
      ok: false,
      problem: 'vat_id_required',
    });
    expect(
      checkSelfBilling({ ...terms, vatScheme: 'vat', vatId: 'BE0123456789' }),
    ).toEqual({
      ok: false,
      problem: 'vat_id_invalid',
    });
    expect(
      checkSelfBilling({ ...terms, vatScheme: 'vat', vatId: 'nl123456789b01' }),
    ).toMatchObject({ ok: true, terms: { vatId: 'NL123456789B01' } });
    expect(
      checkSelfBilling({
        ...terms,
        vatScheme: 'small_business',
        vatId: 'NL123456789B01',
      }),
    ).toMatchObject({
      ok: true,
      terms: { vatId: null, vatScheme: 'small_business' },
    });
  });

  it('treats VAT from the creator’s country: its standard rate at home, reverse charge to an EU business elsewhere, none under the small-business scheme or outside the EU', () => {
    const nl = { country: 'NL', vatScheme: 'vat' as const };
    expect(selfBilledVat(nl, { country: 'NL', vatId: null })).toEqual({
      treatment: 'domestic',
      rateBps: 2100,
    });
    expect(
      selfBilledVat({ ...nl, country: 'DE' }, { country: 'DE', vatId: null }),
    ).toEqual({
      treatment: 'domestic',
      rateBps: 1900,
    });
    expect(selfBilledVat(nl, { country: 'BE', vatId: 'BE0123456789' })).toEqual(
      {
        treatment: 'reverse_charge',
        rateBps: 0,
      },
    );
    expect(selfBilledVat(nl, { country: 'US', vatId: null }).treatment).toBe(
      'outside_eu',
    );
    expect(
      selfBilledVat({ ...nl, country: 'US' }, { country: 'NL', vatId: null })
        .treatment,
    ).toBe('outside_eu');
    expect(
      selfBilledVat(
        { country: 'NL', vatScheme: 'small_business' },
        { country: 'NL', vatId: null },
      ),
    ).toEqual({ treatment: 'small_business', rateBps: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import { invoiceSellerEnv } from '@tests/support/invoice-seller';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://escrow.example',
  STRIPE_SECRET_KEY: 'sk_live_example',
};
const seller = invoiceSellerEnv;

describe('invoice settings', () => {
  it('production with real payments refuses to start without every seller detail', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    const { INVOICE_SELLER_KVK: _kvk, ...withoutKvk } = seller;
    expect(() => loadConfig({ ...production, ...withoutKvk })).toThrow(
      /INVOICE_SELLER_KVK/,
    );
    const config = loadConfig({ ...production, ...seller });
    expect(config.invoices).toEqual({
      seller: {
        name: 'Escrow Deals B.V.',
        address: 'Keizersgracht 1, 1015 AA Amsterdam',
        country: 'NL',
        kvk: '12345678',
        vatId: 'NL123456789B01',
        iban: 'NL91ABNA0417164300',
      },
      vatRateBps: 2_100,
    });
  });

  it('test money and development run with a test-mode seller; the VAT rate is configurable', () => {
    const config = loadConfig({ FEE_VAT_RATE_BPS: '900' });
    expect(config.invoices.seller.name).toBe('Escrow Deals (test mode)');
    expect(config.invoices.vatRateBps).toBe(900);
    expect(() => loadConfig({ INVOICE_SELLER_COUNTRY: 'nl' })).toThrow(
      /two-letter/,
    );
  });
});

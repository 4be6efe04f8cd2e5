/** The platform's invoice details a production configuration with real payments must have. */
export const invoiceSellerEnv = {
  INVOICE_SELLER_NAME: 'Escrow Deals B.V.',
  INVOICE_SELLER_ADDRESS: 'Keizersgracht 1, 1015 AA Amsterdam',
  INVOICE_SELLER_KVK: '12345678',
  INVOICE_SELLER_VAT_ID: 'NL123456789B01',
  INVOICE_SELLER_IBAN: 'NL91ABNA0417164300',
};

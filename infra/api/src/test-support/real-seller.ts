// A real seller's environment (issue 30): a production start without it stops for that reason, so
// tests that start production for another reason give it.
export const REAL_SELLER = {
  SELLER_NAME: 'Supplier NV',
  SELLER_VAT_NUMBER: 'BE0123456749',
  SELLER_ENTERPRISE_NUMBER: '0123456749',
  SELLER_STREET: 'Kaai 2',
  SELLER_POSTAL_CODE: '2000',
  SELLER_CITY: 'Antwerpen',
  SELLER_EMAIL: 'billing@supplier.example',
  SELLER_IBAN: 'BE71096123456769',
};

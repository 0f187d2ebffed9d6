// The supplier's facts on every invoice (issue 30), from SELLER_* in the environment. Development and
// tests get a fictitious seller so invoices can be issued at once; production refuses to start
// without the real one (an invoice names its supplier in law, and a stand-in's IBAN would send the
// buyer's money nowhere), as env.ts refuses the development payment provider.
import type { SellerFacts } from './modules/invoices/contract';

export const SELLER_KEYS = [
  'SELLER_NAME',
  'SELLER_VAT_NUMBER',
  'SELLER_ENTERPRISE_NUMBER',
  'SELLER_PEPPOL_ID',
  'SELLER_STREET',
  'SELLER_ADDITIONAL_STREET',
  'SELLER_POSTAL_CODE',
  'SELLER_CITY',
  'SELLER_COUNTRY',
  'SELLER_EMAIL',
  'SELLER_PHONE',
  'SELLER_IBAN',
  'SELLER_BIC',
] as const;
type SellerRaw = Partial<Record<(typeof SELLER_KEYS)[number], string | undefined>>;

/** Without these an invoice cannot name its supplier or be paid. */
const REQUIRED = ['SELLER_NAME', 'SELLER_VAT_NUMBER', 'SELLER_ENTERPRISE_NUMBER', 'SELLER_STREET', 'SELLER_POSTAL_CODE', 'SELLER_CITY', 'SELLER_EMAIL', 'SELLER_IBAN'] as const;

/** The development stand-in: a fictitious Belgian supplier (valid check digits, a documentation IBAN). */
export const DEVELOPMENT_SELLER: SellerFacts = {
  name: 'Portal Supplies NV (development)',
  vatNumber: 'BE0999999922',
  enterpriseNumber: '0999999922',
  peppolParticipantId: '0208:0999999922',
  address: { street: 'Industrieweg 1', additionalStreet: null, city: 'Gent', postalCode: '9000', country: 'BE' },
  email: 'invoices@portal-supplier.example',
  phone: null,
  iban: 'BE68539007547034',
  bic: 'GKCCBEBB',
};

/** What a start would get wrong: in production every required SELLER_* must be set. */
export function sellerProblems(raw: SellerRaw, production: boolean, localHarness: boolean): string[] {
  // The local production harnesses (cluster tests, benches) that may keep the development payment
  // provider (ALLOW_DEV_PAYMENTS_IN_PRODUCTION, loopback only) keep the development seller too.
  if (!production || localHarness) return [];
  const missing = REQUIRED.filter((key) => !raw[key]);
  return missing.length ? [`${missing.join(', ')} required in production: invoices would name the development seller and its bank account`] : [];
}

/** The seller of the environment, else (outside production, checked above) the development one. */
export function sellerFromEnv(raw: SellerRaw): SellerFacts & { standIn: boolean } {
  if (REQUIRED.some((key) => !raw[key])) return { ...DEVELOPMENT_SELLER, standIn: true };
  return {
    name: raw.SELLER_NAME!,
    vatNumber: raw.SELLER_VAT_NUMBER!,
    enterpriseNumber: raw.SELLER_ENTERPRISE_NUMBER!,
    peppolParticipantId: raw.SELLER_PEPPOL_ID ?? `0208:${raw.SELLER_ENTERPRISE_NUMBER!}`,
    address: {
      street: raw.SELLER_STREET!,
      additionalStreet: raw.SELLER_ADDITIONAL_STREET ?? null,
      city: raw.SELLER_CITY!,
      postalCode: raw.SELLER_POSTAL_CODE!,
      country: raw.SELLER_COUNTRY ?? 'BE',
    },
    email: raw.SELLER_EMAIL!,
    phone: raw.SELLER_PHONE ?? null,
    iban: raw.SELLER_IBAN!,
    bic: raw.SELLER_BIC ?? null,
    standIn: false,
  };
}

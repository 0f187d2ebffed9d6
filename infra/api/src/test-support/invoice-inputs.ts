// Invoice inputs for tests: the seller, the demo's kinds of buyer (a Belgian hospital, a Dutch
// police unit, a French clinic, a Dutch distributor, a web-shop customer) and lines, so each test
// states only what its case changes. Identifiers pass their check digits (Peppol checks 0208's).
import type { BuyerFacts, InvoiceInput, InvoiceInputLine, SellerFacts } from '../modules/invoices/invoice-input';

export const SELLER: SellerFacts = {
  name: 'MedTac Supply NV',
  vatNumber: 'BE0403170701',
  enterpriseNumber: '0403170701',
  peppolParticipantId: '0208:0403170701',
  address: { street: 'Industrieweg 12', additionalStreet: null, city: 'Gent', postalCode: '9000', country: 'BE' },
  email: 'billing@medtac.example',
  phone: '+32 9 123 45 67',
  iban: 'BE68539007547034',
  bic: 'GKCCBEBB',
};

const address = (street: string, postalCode: string, city: string, country: string) => ({ street, additionalStreet: null, city, postalCode, country });

export const BUYERS = {
  belgianHospital: {
    name: 'Zorggroep Scheldeland',
    clientType: 'B2B',
    vatNumber: 'BE0412345614',
    country: 'BE',
    enterpriseNumber: '0412345614',
    kvkNumber: null,
    oin: null,
    siret: null,
    peppolParticipantId: '0208:0412345614',
    vatExemptionReason: null,
    address: address('Ziekenhuislaan 1', '9100', 'Sint-Niklaas', 'BE'),
    contact: { name: 'Aankoopdienst', email: 'facturatie@zorggroep-scheldeland.example', phone: null },
  },
  dutchPolice: {
    name: 'Interventie-eenheid Polder',
    clientType: 'B2G',
    vatNumber: 'NL001234567B01',
    country: 'NL',
    enterpriseNumber: null,
    kvkNumber: null,
    oin: '00000001823288444000',
    siret: null,
    peppolParticipantId: '0190:00000001823288444000',
    vatExemptionReason: null,
    address: address('Polderweg 8', '8200 AB', 'Lelystad', 'NL'),
    contact: { name: null, email: 'crediteuren@interventie-polder.example', phone: null },
  },
  dutchDistributor: {
    name: 'Medisch Depot Utrecht BV',
    clientType: 'B2B',
    vatNumber: 'NL812345678B01',
    country: 'NL',
    enterpriseNumber: null,
    kvkNumber: '30123456',
    oin: null,
    siret: null,
    peppolParticipantId: null,
    vatExemptionReason: null,
    address: address('Catharijnesingel 10', '3511 GB', 'Utrecht', 'NL'),
    contact: null,
  },
  frenchClinic: {
    name: 'Clinique du Littoral SAS',
    clientType: 'B2B',
    vatNumber: 'FR40303265045',
    country: 'FR',
    enterpriseNumber: null,
    kvkNumber: null,
    oin: null,
    siret: '30326504500011',
    peppolParticipantId: null,
    vatExemptionReason: null,
    address: address('12 rue de la Mer', '59140', 'Dunkerque', 'FR'),
    contact: { name: 'Service achats', email: 'achats@clinique-littoral.example', phone: '+33 3 28 00 00 00' },
  },
  webShopCustomer: {
    name: 'An Peeters',
    clientType: 'B2C',
    vatNumber: null,
    country: 'BE',
    enterpriseNumber: null,
    kvkNumber: null,
    oin: null,
    siret: null,
    peppolParticipantId: null,
    vatExemptionReason: null,
    address: address('Kerkstraat 3', '2000', 'Antwerpen', 'BE'),
    contact: { name: 'An Peeters', email: 'an.peeters@example.be', phone: null },
  },
} satisfies Record<string, BuyerFacts>;

export function line(articleCode: string, quantity: number, unitPrice: string, vatRateBp = 2100, overrides: Partial<InvoiceInputLine> = {}): InvoiceInputLine {
  return {
    orderLineId: `ol-${articleCode}`,
    articleCode,
    description: `Article ${articleCode}`,
    gtin: null,
    quantity,
    unit: 'piece',
    unitPrice,
    vatRateBp,
    productVatCategory: null,
    ...overrides,
  };
}

/** An invoice to the Belgian hospital; the goods go to the buyer's own address unless `order` says otherwise. */
export function invoiceInput(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  const buyer = overrides.buyer ?? BUYERS.belgianHospital;
  return {
    kind: 'invoice',
    number: '2026-000042',
    issueDate: '2026-11-27',
    dueDate: '2026-12-27',
    language: 'nl',
    seller: SELLER,
    buyer: BUYERS.belgianHospital,
    order: {
      number: 'ORD-2026-0042',
      externalReference: 'PO-77812',
      costCentre: null,
      deliveryAddress: buyer.address,
      deliveryDate: '2026-11-26',
    },
    lines: [line('TQ-100', 10, '12.50'), line('BND-20', 3, '4.20', 2100, { unit: 'box', gtin: '5412345000013' })],
    discount: null,
    shipping: null,
    prepaidCents: 0,
    precedingInvoice: null,
    ...overrides,
  };
}

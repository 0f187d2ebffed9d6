// One example line per kind, for the OpenAPI document and the ERP guide's walk-through (docs/erp-guide.md).
export const EXAMPLE_LINES: Record<string, string> = {
  products: JSON.stringify({
    article_code: 'GL-NIT-M-200',
    version: 1732700000000,
    translations: {
      en: { name: 'Nitrile gloves M, box of 200', description: 'Powder-free examination gloves' },
      nl: { name: 'Nitril handschoenen M, doos van 200', description: 'Poedervrije onderzoekshandschoenen' },
      fr: { name: 'Gants en nitrile M, boîte de 200', description: "Gants d'examen non poudrés" },
    },
    brand: 'MediCare',
    category: 'gloves',
    specs: { size: 'M' },
    unit: 'box',
    price_cents: 1295,
    vat_rate_bp: 2100,
    gtin: '5410000000019',
    active: true,
  }),
  prices: JSON.stringify({ type: 'price', contract_number: 'CT-2026-001', article_code: 'GL-NIT-M-200', version: 1732700000000, price_cents: 1150 }),
  stock: JSON.stringify({ article_code: 'GL-NIT-M-200', level: 40, version: 1732700000000 }),
  customers: JSON.stringify({
    customer_number: 'CU-1001',
    version: 1732700000000,
    name: 'AZ Scheldeland',
    vat_number: 'BE0403170701',
    client_type: 'B2G',
    organisation_type: 'medical',
    country: 'BE',
    addresses: [
      { key: 'ADR-1', type: 'shipping', label: 'Central stores', street: 'Kaai', nr: '12', box: null, postal_code: '2000', city: 'Antwerpen', country: 'BE', email: 'stores@az-scheldeland.example', phone: '+3231234567', is_default: true },
    ],
    users: [{ email: 'ines.peeters@az-scheldeland.example', first_name: 'Ines', last_name: 'Peeters', role: 'buyer', locale: 'nl' }],
  }),
};

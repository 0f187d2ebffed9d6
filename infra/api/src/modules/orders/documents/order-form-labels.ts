// The words of the order-form PDF in the buyer's language (en, nl for Belgium, fr).
export type OrderFormLocale = 'en' | 'nl' | 'fr';

export interface OrderFormLabels {
  title: string;
  orderNumber: string;
  orderDate: string;
  clientNumber: string;
  externalOrderNumber: string;
  costCentre: string;
  overBudget: string;
  deliveryAddress: string;
  invoiceAddress: string;
  articleNumber: string;
  description: string;
  nsn: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  /** Before a line's delivered lots, with its colon (decision 079). */
  delivered: string;
  lot: string;
  expiry: string;
  serialNumbers: string;
  subtotal: string;
  discount: string;
  shipping: string;
  totalExclVat: string;
  vat: string;
  totalInclVat: string;
  remarks: string;
  submitter: string;
  function: string;
  declaration: (version: string) => string;
  page: (n: number, of: number) => string;
}

export const ORDER_FORM_LABELS: Record<OrderFormLocale, OrderFormLabels> = {
  en: {
    title: 'Order form',
    orderNumber: 'Order number',
    orderDate: 'Order date',
    clientNumber: 'Client number',
    externalOrderNumber: 'External order number',
    costCentre: 'Cost centre',
    overBudget: 'Approved over the budget by',
    deliveryAddress: 'Delivery address',
    invoiceAddress: 'Invoice address',
    articleNumber: 'Article number',
    description: 'Description',
    nsn: 'NSN',
    quantity: 'Quantity',
    unitPrice: 'Unit price excl. VAT',
    lineTotal: 'Total excl. VAT',
    delivered: 'Delivered:',
    lot: 'lot',
    expiry: 'expiry',
    serialNumbers: 'serial numbers',
    subtotal: 'Subtotal excl. VAT',
    discount: 'Discount',
    shipping: 'Shipping',
    totalExclVat: 'Total excl. VAT',
    vat: 'VAT',
    totalInclVat: 'Total incl. VAT',
    remarks: 'Remarks',
    submitter: 'Submitted by',
    function: 'Function',
    declaration: (v) => `Declaration (version ${v})`,
    page: (n, of) => `Page ${n} of ${of}`,
  },
  nl: {
    title: 'Bestelbon',
    orderNumber: 'Bestelnummer',
    orderDate: 'Besteldatum',
    clientNumber: 'Klantnummer',
    externalOrderNumber: 'Extern bestelnummer',
    costCentre: 'Kostenplaats',
    overBudget: 'Goedgekeurd boven het budget, met',
    deliveryAddress: 'Leveringsadres',
    invoiceAddress: 'Facturatieadres',
    articleNumber: 'Artikelnummer',
    description: 'Omschrijving',
    nsn: 'NSN',
    quantity: 'Aantal',
    unitPrice: 'Eenheidsprijs excl. btw',
    lineTotal: 'Totaal excl. btw',
    delivered: 'Geleverd:',
    lot: 'lot',
    expiry: 'vervaldatum',
    serialNumbers: 'serienummers',
    subtotal: 'Subtotaal excl. btw',
    discount: 'Korting',
    shipping: 'Verzendkosten',
    totalExclVat: 'Totaal excl. btw',
    vat: 'Btw',
    totalInclVat: 'Totaal incl. btw',
    remarks: 'Opmerkingen',
    submitter: 'Ingediend door',
    function: 'Functie',
    declaration: (v) => `Verklaring (versie ${v})`,
    page: (n, of) => `Pagina ${n} van ${of}`,
  },
  fr: {
    title: 'Bon de commande',
    orderNumber: 'Numéro de commande',
    orderDate: 'Date de commande',
    clientNumber: 'Numéro de client',
    externalOrderNumber: 'Numéro de commande externe',
    costCentre: 'Centre de coûts',
    overBudget: 'Approuvée au-delà du budget, de',
    deliveryAddress: 'Adresse de livraison',
    invoiceAddress: 'Adresse de facturation',
    articleNumber: 'Numéro d’article',
    description: 'Description',
    nsn: 'NSN',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire hors TVA',
    lineTotal: 'Total hors TVA',
    delivered: 'Livré\u00a0:',
    lot: 'lot',
    expiry: 'péremption',
    serialNumbers: 'numéros de série',
    subtotal: 'Sous-total hors TVA',
    discount: 'Remise',
    shipping: 'Frais de livraison',
    totalExclVat: 'Total hors TVA',
    vat: 'TVA',
    totalInclVat: 'Total TVA comprise',
    remarks: 'Remarques',
    submitter: 'Soumis par',
    function: 'Fonction',
    declaration: (v) => `Déclaration (version ${v})`,
    page: (n, of) => `Page ${n} sur ${of}`,
  },
};

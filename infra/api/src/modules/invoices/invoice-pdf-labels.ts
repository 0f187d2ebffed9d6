// The words of the invoice and credit-note PDF in the buyer's language (en, nl for Belgium, fr).
import type { PdfLocale } from '../../common/pdf/layout';

export interface InvoicePdfLabels {
  invoice: string;
  creditNote: string;
  seller: string;
  buyer: string;
  number: string;
  issueDate: string;
  dueDate: string;
  orderNumber: string;
  yourReference: string;
  costCentre: string;
  deliveryDate: string;
  deliveryAddress: string;
  corrects: (number: string, date: string) => string;
  vatNumber: string;
  registration: string;
  articleCode: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  lineTotal: string;
  linesTotal: string;
  totalExclVat: string;
  vatOn: (category: string, rate: string, base: string) => string;
  totalInclVat: string;
  prepaid: string;
  amountDue: string;
  amountCredited: string;
  payment: string;
  iban: string;
  bic: string;
  communication: string;
  mentions: string;
  page: (n: number, of: number) => string;
}

export const INVOICE_PDF_LABELS: Record<PdfLocale, InvoicePdfLabels> = {
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    seller: 'From',
    buyer: 'Invoiced to',
    number: 'Number',
    issueDate: 'Issue date',
    dueDate: 'Due date',
    orderNumber: 'Order number',
    yourReference: 'Your reference',
    costCentre: 'Cost centre',
    deliveryDate: 'Delivery date',
    deliveryAddress: 'Delivery address',
    corrects: (n, d) => `Corrects invoice ${n} of ${d}`,
    vatNumber: 'VAT',
    registration: 'Registration',
    articleCode: 'Article',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price excl. VAT',
    vatRate: 'VAT',
    lineTotal: 'Total excl. VAT',
    linesTotal: 'Lines total excl. VAT',
    totalExclVat: 'Total excl. VAT',
    vatOn: (c, r, b) => `VAT ${r} % (${c}) on ${b}`,
    totalInclVat: 'Total incl. VAT',
    prepaid: 'Paid',
    amountDue: 'Amount due',
    amountCredited: 'Amount credited',
    payment: 'Payment',
    iban: 'IBAN',
    bic: 'BIC',
    communication: 'Structured communication',
    mentions: 'Notes',
    page: (n, of) => `Page ${n} of ${of}`,
  },
  nl: {
    invoice: 'Factuur',
    creditNote: 'Creditnota',
    seller: 'Van',
    buyer: 'Gefactureerd aan',
    number: 'Nummer',
    issueDate: 'Factuurdatum',
    dueDate: 'Vervaldatum',
    orderNumber: 'Bestelnummer',
    yourReference: 'Uw referentie',
    costCentre: 'Kostenplaats',
    deliveryDate: 'Leveringsdatum',
    deliveryAddress: 'Leveringsadres',
    corrects: (n, d) => `Corrigeert factuur ${n} van ${d}`,
    vatNumber: 'Btw',
    registration: 'Ondernemingsnummer',
    articleCode: 'Artikel',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unitPrice: 'Eenheidsprijs excl. btw',
    vatRate: 'Btw',
    lineTotal: 'Totaal excl. btw',
    linesTotal: 'Totaal regels excl. btw',
    totalExclVat: 'Totaal excl. btw',
    vatOn: (c, r, b) => `Btw ${r} % (${c}) op ${b}`,
    totalInclVat: 'Totaal incl. btw',
    prepaid: 'Betaald',
    amountDue: 'Te betalen',
    amountCredited: 'Gecrediteerd bedrag',
    payment: 'Betaling',
    iban: 'IBAN',
    bic: 'BIC',
    communication: 'Gestructureerde mededeling',
    mentions: 'Vermeldingen',
    page: (n, of) => `Pagina ${n} van ${of}`,
  },
  fr: {
    invoice: 'Facture',
    creditNote: 'Note de crédit',
    seller: 'De',
    buyer: 'Facturé à',
    number: 'Numéro',
    issueDate: 'Date de facture',
    dueDate: 'Date d’échéance',
    orderNumber: 'Numéro de commande',
    yourReference: 'Votre référence',
    costCentre: 'Centre de coûts',
    deliveryDate: 'Date de livraison',
    deliveryAddress: 'Adresse de livraison',
    corrects: (n, d) => `Corrige la facture ${n} du ${d}`,
    vatNumber: 'TVA',
    registration: 'Numéro d’entreprise',
    articleCode: 'Article',
    description: 'Description',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire HTVA',
    vatRate: 'TVA',
    lineTotal: 'Total HTVA',
    linesTotal: 'Total des lignes HTVA',
    totalExclVat: 'Total HTVA',
    vatOn: (c, r, b) => `TVA ${r} % (${c}) sur ${b}`,
    totalInclVat: 'Total TVAC',
    prepaid: 'Payé',
    amountDue: 'Montant à payer',
    amountCredited: 'Montant crédité',
    payment: 'Paiement',
    iban: 'IBAN',
    bic: 'BIC',
    communication: 'Communication structurée',
    mentions: 'Mentions',
    page: (n, of) => `Page ${n} sur ${of}`,
  },
};

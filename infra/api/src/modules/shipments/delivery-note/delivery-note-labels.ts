// The delivery note's words in the buyer's language (decision 070).
import type { PdfLocale } from '../../../common/pdf/layout';

export interface DeliveryNoteLabels {
  title: string;
  shipment: string;
  orderNumber: string;
  yourReference: string;
  shippedOn: string;
  carrier: string;
  expected: string;
  deliveryAddress: string;
  buyer: string;
  articleCode: string;
  description: string;
  quantity: string;
  traceability: string;
  /** Under the codes: what they are. */
  codesNote: string;
  page: (n: number, of: number) => string;
}

export const DELIVERY_NOTE_LABELS: Record<PdfLocale, DeliveryNoteLabels> = {
  en: {
    title: 'Delivery note',
    shipment: 'Shipment',
    orderNumber: 'Order number',
    yourReference: 'Your reference',
    shippedOn: 'Shipped on',
    carrier: 'Carrier and tracking',
    expected: 'Expected delivery',
    deliveryAddress: 'Delivery address',
    buyer: 'Customer',
    articleCode: 'Article',
    description: 'Description',
    quantity: 'Quantity',
    traceability: 'Lot, expiry, serial',
    codesNote: 'Each GS1 DataMatrix holds the unit\u2019s UDI: (01) device identifier, (17) expiry, (10) lot, (21) serial number.',
    page: (n, of) => `Page ${n} of ${of}`,
  },
  nl: {
    title: 'Leveringsbon',
    shipment: 'Zending',
    orderNumber: 'Bestelnummer',
    yourReference: 'Uw referentie',
    shippedOn: 'Verzonden op',
    carrier: 'Vervoerder en tracking',
    expected: 'Verwachte levering',
    deliveryAddress: 'Leveringsadres',
    buyer: 'Klant',
    articleCode: 'Artikel',
    description: 'Omschrijving',
    quantity: 'Aantal',
    traceability: 'Lot, vervaldatum, serienummer',
    codesNote: 'Elke GS1 DataMatrix bevat de UDI van de eenheid: (01) identificatie van het hulpmiddel, (17) vervaldatum, (10) lot, (21) serienummer.',
    page: (n, of) => `Pagina ${n} van ${of}`,
  },
  fr: {
    title: 'Bon de livraison',
    shipment: 'Envoi',
    orderNumber: 'Numéro de commande',
    yourReference: 'Votre référence',
    shippedOn: 'Expédié le',
    carrier: 'Transporteur et suivi',
    expected: 'Livraison prévue',
    deliveryAddress: 'Adresse de livraison',
    buyer: 'Client',
    articleCode: 'Article',
    description: 'Description',
    quantity: 'Quantité',
    traceability: 'Lot, péremption, série',
    codesNote: 'Chaque GS1 DataMatrix contient l\u2019IUD de l\u2019unité\u00a0: (01) identifiant du dispositif, (17) péremption, (10) lot, (21) numéro de série.',
    page: (n, of) => `Page ${n} sur ${of}`,
  },
};

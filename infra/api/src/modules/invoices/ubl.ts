// The issued document as a UBL 2.1 Invoice or CreditNote of Peppol BIS Billing 3.0 (EN 16931).
// Renders only: every amount, category and text was decided by compute.ts, so the XML and the PDF
// cannot disagree. Built with xmlbuilder2 (escaping and namespaces by the library), elements in
// the order of the UBL 2.1 schema.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { centsToDecimal } from '../../common/vat/decimal';
import type { InvoiceDocument, InvoiceParty, PostalAddress, SchemeId, VatCategory } from './invoice-document';

export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const ROOT_NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  credit_note: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
} as const;

type Node = XMLBuilder;
type Attributes = Record<string, string>;

/** An aggregate (cac:) child. */
const agg = (parent: Node, name: string) => parent.ele(CAC, `cac:${name}`);
/** A basic (cbc:) child with its text. */
const basic = (parent: Node, name: string, text: string, attributes: Attributes = {}) => {
  parent.ele(CBC, `cbc:${name}`, attributes).txt(text);
};
const optional = (parent: Node, name: string, text: string | null | undefined, attributes: Attributes = {}) => {
  if (text !== null && text !== undefined && text !== '') basic(parent, name, text, attributes);
};

function amount(parent: Node, name: string, doc: InvoiceDocument, cents: number) {
  basic(parent, name, centsToDecimal(cents), { currencyID: doc.currency });
}

function address(parent: Node, name: string, a: PostalAddress) {
  const node = agg(parent, name);
  optional(node, 'StreetName', a.street);
  optional(node, 'AdditionalStreetName', a.additionalStreet);
  optional(node, 'CityName', a.city);
  optional(node, 'PostalZone', a.postalCode);
  basic(agg(node, 'Country'), 'IdentificationCode', a.country);
}

function taxCategory(parent: Node, name: string, category: VatCategory, percent: string, exemption?: { code: string | null; reason: string | null }) {
  const node = agg(parent, name);
  basic(node, 'ID', category);
  basic(node, 'Percent', percent);
  optional(node, 'TaxExemptionReasonCode', exemption?.code);
  optional(node, 'TaxExemptionReason', exemption?.reason);
  basic(agg(node, 'TaxScheme'), 'ID', 'VAT');
}

const schemeAttribute = (id: SchemeId) => ({ schemeID: id.scheme });

function party(parent: Node, role: 'AccountingSupplierParty' | 'AccountingCustomerParty', p: InvoiceParty) {
  const node = agg(agg(parent, role), 'Party');
  basic(node, 'EndpointID', p.endpoint.id, schemeAttribute(p.endpoint));
  basic(agg(node, 'PartyName'), 'Name', p.name);
  address(node, 'PostalAddress', p.address);
  if (p.vatNumber) {
    const tax = agg(node, 'PartyTaxScheme');
    basic(tax, 'CompanyID', p.vatNumber);
    basic(agg(tax, 'TaxScheme'), 'ID', 'VAT');
  }
  const legal = agg(node, 'PartyLegalEntity');
  basic(legal, 'RegistrationName', p.name);
  if (p.legalId) basic(legal, 'CompanyID', p.legalId.id, schemeAttribute(p.legalId));
  if (p.contact && (p.contact.name || p.contact.phone || p.contact.email)) {
    const contact = agg(node, 'Contact');
    optional(contact, 'Name', p.contact.name);
    optional(contact, 'Telephone', p.contact.phone);
    optional(contact, 'ElectronicMail', p.contact.email);
  }
}

function header(root: Node, doc: InvoiceDocument) {
  const credit = doc.kind === 'credit_note';
  basic(root, 'CustomizationID', CUSTOMIZATION_ID);
  basic(root, 'ProfileID', PROFILE_ID);
  basic(root, 'ID', doc.number);
  basic(root, 'IssueDate', doc.issueDate);
  // UBL 2.1's CreditNote has no DueDate element.
  if (!credit) optional(root, 'DueDate', doc.dueDate);
  basic(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', credit ? '381' : '380');
  // Peppol allows one document note (PEPPOL-EN16931-R002): the legal mentions share it.
  if (doc.notes.length > 0) basic(root, 'Note', doc.notes.join('\n'));
  basic(root, 'DocumentCurrencyCode', doc.currency);
  optional(root, 'AccountingCost', doc.costCentre?.code);
  basic(root, 'BuyerReference', doc.buyerReference);
  // Without the buyer's purchase-order number, Peppol's convention is `NA` beside our order number.
  const order = agg(root, 'OrderReference');
  basic(order, 'ID', doc.purchaseOrderReference ?? 'NA');
  basic(order, 'SalesOrderID', doc.salesOrderReference);
  if (doc.precedingInvoice) {
    const reference = agg(agg(root, 'BillingReference'), 'InvoiceDocumentReference');
    basic(reference, 'ID', doc.precedingInvoice.number);
    basic(reference, 'IssueDate', doc.precedingInvoice.issueDate);
  }
}

function deliveryAndPayment(root: Node, doc: InvoiceDocument) {
  if (doc.delivery.date || doc.delivery.address) {
    const delivery = agg(root, 'Delivery');
    optional(delivery, 'ActualDeliveryDate', doc.delivery.date);
    if (doc.delivery.address) address(agg(delivery, 'DeliveryLocation'), 'Address', doc.delivery.address);
  }
  const means = agg(root, 'PaymentMeans');
  basic(means, 'PaymentMeansCode', doc.paymentMeans.code);
  basic(means, 'PaymentID', doc.paymentMeans.structuredCommunication);
  const account = agg(means, 'PayeeFinancialAccount');
  basic(account, 'ID', doc.paymentMeans.iban);
  if (doc.paymentMeans.bic) basic(agg(account, 'FinancialInstitutionBranch'), 'ID', doc.paymentMeans.bic);
  if (doc.paymentTerms) basic(agg(root, 'PaymentTerms'), 'Note', doc.paymentTerms);
}

function totals(root: Node, doc: InvoiceDocument) {
  for (const ac of doc.allowanceCharges) {
    const node = agg(root, 'AllowanceCharge');
    basic(node, 'ChargeIndicator', String(ac.charge));
    basic(node, 'AllowanceChargeReasonCode', ac.reasonCode);
    basic(node, 'AllowanceChargeReason', ac.reason);
    amount(node, 'Amount', doc, ac.amountCents);
    taxCategory(node, 'TaxCategory', ac.vatCategory, ac.vatRatePercent);
  }
  const tax = agg(root, 'TaxTotal');
  amount(tax, 'TaxAmount', doc, doc.totals.taxCents);
  for (const row of doc.vatBreakdown) {
    const sub = agg(tax, 'TaxSubtotal');
    amount(sub, 'TaxableAmount', doc, row.taxableCents);
    amount(sub, 'TaxAmount', doc, row.taxCents);
    taxCategory(sub, 'TaxCategory', row.category, row.ratePercent, { code: row.exemptionReasonCode, reason: row.exemptionReason });
  }
  const t = doc.totals;
  const monetary = agg(root, 'LegalMonetaryTotal');
  amount(monetary, 'LineExtensionAmount', doc, t.lineExtensionCents);
  amount(monetary, 'TaxExclusiveAmount', doc, t.taxExclusiveCents);
  amount(monetary, 'TaxInclusiveAmount', doc, t.taxInclusiveCents);
  if (doc.allowanceCharges.some((a) => !a.charge)) amount(monetary, 'AllowanceTotalAmount', doc, t.allowanceTotalCents);
  if (doc.allowanceCharges.some((a) => a.charge)) amount(monetary, 'ChargeTotalAmount', doc, t.chargeTotalCents);
  if (t.prepaidCents) amount(monetary, 'PrepaidAmount', doc, t.prepaidCents);
  amount(monetary, 'PayableAmount', doc, t.payableCents);
}

/**
 * The line's lots, expiry dates and serial numbers as item attributes (BG-32: BT-160 name, BT-161
 * value), in lot order (decision 070). Not `cac:ItemInstance`: EN 16931 has no term for it and the
 * CEN rules warn against it on an invoice (UBL-CR-622); item attributes are what every receiver reads.
 */
function itemInstances(item: Node, instances: NonNullable<InvoiceDocument['lines'][number]['instances']>) {
  const property = (name: string, value: string) => {
    const node = agg(item, 'AdditionalItemProperty');
    basic(node, 'Name', name);
    basic(node, 'Value', value);
  };
  for (const i of instances) {
    if (i.lot) property('Lot number', i.lot);
    if (i.expiryOn) property('Expiry date', i.expiryOn);
    for (const serial of i.serialNumbers) property('Serial number', serial);
  }
}

function lines(root: Node, doc: InvoiceDocument) {
  const credit = doc.kind === 'credit_note';
  for (const line of doc.lines) {
    const node = agg(root, credit ? 'CreditNoteLine' : 'InvoiceLine');
    basic(node, 'ID', line.id);
    basic(node, credit ? 'CreditedQuantity' : 'InvoicedQuantity', String(line.quantity), { unitCode: line.unitCode });
    amount(node, 'LineExtensionAmount', doc, line.lineTotalCents);
    const item = agg(node, 'Item');
    basic(item, 'Name', line.description);
    basic(agg(item, 'SellersItemIdentification'), 'ID', line.articleCode);
    if (line.gtin) basic(agg(item, 'StandardItemIdentification'), 'ID', line.gtin, { schemeID: '0160' });
    taxCategory(item, 'ClassifiedTaxCategory', line.vatCategory, line.vatRatePercent);
    itemInstances(item, line.instances ?? []);
    basic(agg(node, 'Price'), 'PriceAmount', line.unitPrice, { currencyID: doc.currency });
  }
}

/** The UBL XML of an issued invoice or credit note (UTF-8, with the XML declaration). */
export function renderUbl(doc: InvoiceDocument): string {
  const xml = create({ version: '1.0', encoding: 'UTF-8' });
  const root = xml.ele(ROOT_NS[doc.kind], doc.kind === 'credit_note' ? 'CreditNote' : 'Invoice', { 'xmlns:cac': CAC, 'xmlns:cbc': CBC });
  header(root, doc);
  party(root, 'AccountingSupplierParty', doc.seller);
  party(root, 'AccountingCustomerParty', doc.buyer);
  deliveryAndPayment(root, doc);
  totals(root, doc);
  lines(root, doc);
  return xml.end({ prettyPrint: true });
}

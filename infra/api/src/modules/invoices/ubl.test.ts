// The UBL document's shape without Java (the conformance matrix validates it against the rules):
// invoice or credit note, Peppol's identifiers, references, escaping, and the same text for the
// same document.
import { create } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import { BUYERS, invoiceInput, line } from '../../test-support/invoice-inputs';
import { computeInvoice } from './compute';
import { CUSTOMIZATION_ID, PROFILE_ID, renderUbl } from './ubl';

/** The text of every element named `name` (prefix included), in document order. */
function texts(xml: string, name: string): string[] {
  return create(xml)
    .filter((n) => n.node.nodeName === name, false, true)
    .map((n) => n.node.textContent ?? '');
}

describe('renderUbl', () => {
  it('writes a Peppol BIS Billing 3.0 invoice with the references and the structured communication', () => {
    const xml = renderUbl(computeInvoice(invoiceInput({ order: { ...invoiceInput().order, costCentre: { code: 'CC-12', name: 'Spoedgevallen' } } })));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(texts(xml, 'cbc:CustomizationID')).toEqual([CUSTOMIZATION_ID]);
    expect(texts(xml, 'cbc:ProfileID')).toEqual([PROFILE_ID]);
    expect(texts(xml, 'cbc:InvoiceTypeCode')).toEqual(['380']);
    expect(texts(xml, 'cbc:DueDate')).toEqual(['2026-12-27']);
    expect(texts(xml, 'cbc:BuyerReference')).toEqual(['PO-77812']);
    // BT-19 is where the buyer books it: the cost centre's code, not its name.
    expect(texts(xml, 'cbc:AccountingCost')).toEqual(['CC-12']);
    expect(texts(xml, 'cbc:SalesOrderID')).toEqual(['ORD-2026-0042']);
    expect(texts(xml, 'cbc:PaymentID')).toEqual(['+++202/6000/04236+++']);
    expect(texts(xml, 'cbc:EndpointID')).toEqual(['0403170701', '0412345614']);
    expect(texts(xml, 'cbc:InvoicedQuantity')).toEqual(['10', '3']);
    expect(xml).toContain('unitCode="XBX"');
    expect(texts(xml, 'cbc:PayableAmount')).toEqual(['166.50']);
  });

  it('writes a credit note with the invoice it corrects, without a due date, and NA for a missing purchase order', () => {
    const doc = computeInvoice(invoiceInput({ kind: 'credit_note', number: '2026-000050', dueDate: null, order: { ...invoiceInput().order, externalReference: null }, precedingInvoice: { number: '2026-000042', issueDate: '2026-11-27' } }));
    const xml = renderUbl(doc);
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(texts(xml, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(texts(xml, 'cbc:DueDate')).toEqual([]);
    expect(texts(xml, 'cbc:CreditedQuantity')).toHaveLength(2);
    expect(xml).toMatch(/<cac:OrderReference>\s*<cbc:ID>NA<\/cbc:ID>\s*<cbc:SalesOrderID>ORD-2026-0042<\/cbc:SalesOrderID>/);
    expect(xml).toMatch(/<cac:InvoiceDocumentReference>\s*<cbc:ID>2026-000042<\/cbc:ID>\s*<cbc:IssueDate>2026-11-27<\/cbc:IssueDate>/);
    expect(texts(xml, 'cbc:BuyerReference')).toEqual(['ORD-2026-0042']);
  });

  it('puts the legal mentions in one note and the exemption code on the VAT row', () => {
    const xml = renderUbl(computeInvoice(invoiceInput({ buyer: BUYERS.dutchDistributor, language: 'nl' })));
    // The document's note, then the payment terms' note.
    expect(texts(xml, 'cbc:Note')).toEqual(['Intracommunautaire levering – artikel 138 Richtlijn 2006/112/EG', 'Te betalen vóór 27 december 2026 met de gestructureerde mededeling +++202/6000/04236+++.']);
    expect(texts(xml, 'cbc:TaxExemptionReasonCode')).toEqual(['VATEX-EU-IC']);
    expect(texts(xml, 'cbc:TaxAmount')).toEqual(['0.00', '0.00']);
  });

  it('escapes text and keeps it as written', () => {
    const name = 'Dupont & Fils <Santé> "SAS"';
    const description = 'Garrot « tactique » & sangle <noire>';
    const xml = renderUbl(computeInvoice(invoiceInput({ buyer: { ...BUYERS.frenchClinic, name }, lines: [line('A', 1, '1.00', 2100, { description })] })));
    expect(xml).not.toContain('<Santé>');
    expect(texts(xml, 'cbc:RegistrationName')).toContain(name);
    expect(texts(xml, 'cbc:Name')).toContain(description);
  });

  it('renders the same text for the same document', () => {
    const doc = computeInvoice(invoiceInput({ discount: { code: 'X', amountCents: 100 }, shipping: { amountCents: 995, vatRateBp: 2100 } }));
    expect(renderUbl(structuredClone(doc))).toBe(renderUbl(doc));
  });
});

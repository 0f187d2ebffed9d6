// computeInvoice: the order's facts (InvoiceInput) → the issued document (InvoiceDocument). Pure: no
// clock, no database, so the same input gives the same document and the rules are unit-tested.
// Where rounding happens (decision 046): each line total is quantity × unit price rounded half away
// from zero to the cent; the discount is split over the VAT groups in proportion to their line
// totals (largest remainder, so the shares add up exactly); each breakdown row's VAT is its taxable
// amount × rate rounded once; the document's VAT is the sum of the rows. So BR-CO-10…17 hold by
// construction, and no amount is rounded twice.
import { apportion, lineTotalCents, percentString, vatCents } from './decimal';
import { endpoint, legalId, parseParticipantId } from './electronic-address';
import type { InvoiceAllowanceCharge, InvoiceDocument, InvoiceDocumentLine, InvoiceParty, VatBreakdownRow } from './invoice-document';
import type { BuyerFacts, InvoiceInput, SellerFacts } from './invoice-input';
import { DISCOUNT_REASON, SHIPPING_REASON, paymentTerms } from './legal-mentions';
import { structuredCommunication } from './structured-communication';
import { unitCode } from '../../common/unit-codes';
import { chooseCategory, isIntraCommunitySupply, type CategoryChoice } from './vat-category';

interface Group {
  choice: CategoryChoice;
  linesCents: number;
  allowanceCents: number;
  chargeCents: number;
}

const groupKey = (c: CategoryChoice) => `${c.category}|${c.rateBp}`;

function sellerParty(s: SellerFacts): InvoiceParty {
  const enterprise = { scheme: '0208', id: s.enterpriseNumber.replace(/\D/g, '').padStart(10, '0') };
  return {
    name: s.name,
    vatNumber: s.vatNumber,
    legalId: enterprise,
    endpoint: parseParticipantId(s.peppolParticipantId) ?? enterprise,
    address: s.address,
    contact: { name: null, email: s.email, phone: s.phone },
  };
}

function buyerParty(b: BuyerFacts): InvoiceParty {
  const ids = { ...b, publicBody: b.clientType === 'B2G', email: b.contact?.email ?? null };
  return { name: b.name, vatNumber: b.vatNumber, legalId: legalId(ids), endpoint: endpoint(ids), address: b.address, contact: b.contact };
}

function assertWhole(name: string, cents: number) {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`${name} must be a non-negative whole number of cents: ${cents}`);
}

export function computeInvoice(input: InvoiceInput): InvoiceDocument {
  const deliveryCountry = (input.order.deliveryAddress ?? input.buyer.address).country;
  const intraCommunity = isIntraCommunitySupply(input.buyer, deliveryCountry, input.seller.address.country);
  const choose = (rateBp: number, product: 'Z' | 'E' | null) => chooseCategory(input.buyer, intraCommunity, input.language, rateBp, product);
  const groups = new Map<string, Group>();
  const group = (choice: CategoryChoice) => {
    const key = groupKey(choice);
    if (!groups.has(key)) groups.set(key, { choice, linesCents: 0, allowanceCents: 0, chargeCents: 0 });
    return groups.get(key)!;
  };

  const lines: InvoiceDocumentLine[] = input.lines.map((line, index) => {
    if (!(line.quantity > 0)) throw new Error(`line ${index + 1}: the quantity must be positive`);
    const choice = choose(line.vatRateBp, line.productVatCategory);
    const total = lineTotalCents(line.quantity, line.unitPrice);
    group(choice).linesCents += total;
    return {
      id: String(index + 1),
      orderLineId: line.orderLineId,
      articleCode: line.articleCode,
      description: line.description,
      gtin: line.gtin,
      quantity: line.quantity,
      unitCode: unitCode(line.unit),
      unitPrice: line.unitPrice,
      lineTotalCents: total,
      vatCategory: choice.category,
      vatRatePercent: percentString(choice.rateBp),
    };
  });

  const allowanceCharges: InvoiceAllowanceCharge[] = [];
  if (input.discount && input.discount.amountCents > 0) {
    assertWhole('the discount', input.discount.amountCents);
    const lineGroups = [...groups.values()];
    const shares = apportion(input.discount.amountCents, lineGroups.map((g) => g.linesCents));
    lineGroups.forEach((g, i) => {
      if (shares[i] === 0) return;
      g.allowanceCents += shares[i]!;
      allowanceCharges.push({
        charge: false,
        reasonCode: '95',
        reason: DISCOUNT_REASON[input.language](input.discount!.code),
        amountCents: shares[i]!,
        vatCategory: g.choice.category,
        vatRatePercent: percentString(g.choice.rateBp),
      });
    });
  }
  if (input.shipping && input.shipping.amountCents > 0) {
    assertWhole('the shipping charge', input.shipping.amountCents);
    const choice = choose(input.shipping.vatRateBp, null);
    group(choice).chargeCents += input.shipping.amountCents;
    allowanceCharges.push({
      charge: true,
      reasonCode: 'FC',
      reason: SHIPPING_REASON[input.language],
      amountCents: input.shipping.amountCents,
      vatCategory: choice.category,
      vatRatePercent: percentString(choice.rateBp),
    });
  }

  const vatBreakdown: VatBreakdownRow[] = [...groups.values()].map((g) => {
    const taxable = g.linesCents - g.allowanceCents + g.chargeCents;
    return {
      category: g.choice.category,
      ratePercent: percentString(g.choice.rateBp),
      taxableCents: taxable,
      taxCents: vatCents(taxable, g.choice.rateBp),
      exemptionReasonCode: g.choice.exemptionReasonCode,
      exemptionReason: g.choice.exemptionReason,
    };
  });

  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const lineExtensionCents = sum(lines.map((l) => l.lineTotalCents));
  const allowanceTotalCents = sum(allowanceCharges.filter((a) => !a.charge).map((a) => a.amountCents));
  const chargeTotalCents = sum(allowanceCharges.filter((a) => a.charge).map((a) => a.amountCents));
  const taxExclusiveCents = lineExtensionCents - allowanceTotalCents + chargeTotalCents;
  const taxCents = sum(vatBreakdown.map((r) => r.taxCents));
  const taxInclusiveCents = taxExclusiveCents + taxCents;
  assertWhole('the prepaid amount', input.prepaidCents);
  const payableCents = taxInclusiveCents - input.prepaidCents;

  const hasK = vatBreakdown.some((r) => r.category === 'K');
  const communication = structuredCommunication(input.number);
  const notes = [...new Set(vatBreakdown.map((r) => r.exemptionReason).filter((r): r is string => r !== null))];

  return {
    kind: input.kind,
    number: input.number,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    currency: 'EUR',
    language: input.language,
    buyerReference: input.order.externalReference ?? input.order.number,
    purchaseOrderReference: input.order.externalReference,
    salesOrderReference: input.order.number,
    costCentre: input.order.costCentre,
    precedingInvoice: input.precedingInvoice,
    seller: sellerParty(input.seller),
    buyer: buyerParty(input.buyer),
    // An intra-community supply must name where the goods went and when (BR-IC-11, BR-IC-12).
    delivery: {
      date: input.order.deliveryDate ?? (hasK ? input.issueDate : null),
      address: input.order.deliveryAddress ?? (hasK ? input.buyer.address : null),
    },
    paymentMeans: { code: '30', iban: input.seller.iban, bic: input.seller.bic, structuredCommunication: communication },
    paymentTerms: paymentTerms(input.language, input.kind, input.dueDate, communication, payableCents),
    notes,
    lines,
    allowanceCharges,
    vatBreakdown,
    totals: { lineExtensionCents, allowanceTotalCents, chargeTotalCents, taxExclusiveCents, taxCents, taxInclusiveCents, prepaidCents: input.prepaidCents, payableCents },
  };
}

// computeInvoice: the order's facts (InvoiceInput) → the issued document (InvoiceDocument). Pure: no
// clock, no database, so the same input gives the same document and the rules are unit-tested.
// Where rounding happens (decision 046): each line total is quantity × unit price rounded half away
// from zero to the cent; the discount is split over the VAT groups in proportion to their line
// totals (largest remainder, so the shares add up exactly); each breakdown row's VAT is its taxable
// amount × rate rounded once; the document's VAT is the sum of the rows. So BR-CO-10…17 hold by
// construction, and no amount is rounded twice.
import { lineTotalCents, percentString } from '../../common/vat/decimal';
import { priceMoney } from '../../common/vat/price';
import { vatRegime } from '../../common/vat/vat-category';
import { endpoint, legalId, parseParticipantId } from './electronic-address';
import type { InvoiceAllowanceCharge, InvoiceDocument, InvoiceDocumentLine, InvoiceParty, VatBreakdownRow } from './invoice-document';
import type { BuyerFacts, InvoiceInput, SellerFacts } from './invoice-input';
import { DISCOUNT_REASON, SHIPPING_REASON, paymentTerms } from './legal-mentions';
import { structuredCommunication } from './structured-communication';
import { unitCode } from '../../common/unit-codes';

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
  // The order's regime as decided at placement (decision 058), else from the buyer's facts now.
  const regime = input.order.vatRegime ?? vatRegime(input.buyer, deliveryCountry, input.seller.address.country);
  input.lines.forEach((line, index) => {
    if (!(line.quantity > 0)) throw new Error(`line ${index + 1}: the quantity must be positive`);
  });
  const totalsOfLines = input.lines.map((line) => lineTotalCents(line.quantity, line.unitPrice));
  // priceMoney refuses a discount that is not whole cents, but prices shipping only above zero.
  if (input.shipping) assertWhole('the shipping charge', input.shipping.amountCents);
  const money = priceMoney({
    lines: input.lines.map((line, i) => ({ netCents: totalsOfLines[i]!, rateBp: line.vatRateBp, productCategory: line.productVatCategory })),
    discountCents: input.discount?.amountCents ?? 0,
    shipping: input.shipping ? { cents: input.shipping.amountCents, rateBp: input.shipping.vatRateBp } : null,
    buyer: input.buyer,
    regime,
    language: input.language,
    taxOf: input.taxOf,
  });

  const lines: InvoiceDocumentLine[] = input.lines.map((line, index) => {
    const choice = money.lines[index]!;
    return {
      id: String(index + 1),
      orderLineId: line.orderLineId,
      articleCode: line.articleCode,
      description: line.description,
      gtin: line.gtin,
      quantity: line.quantity,
      unitCode: unitCode(line.unit),
      unitPrice: line.unitPrice,
      lineTotalCents: totalsOfLines[index]!,
      vatCategory: choice.category,
      vatRatePercent: percentString(choice.rateBp),
      ...(line.instances?.length ? { instances: line.instances } : {}),
    };
  });

  const allowanceCharges: InvoiceAllowanceCharge[] = [];
  for (const g of money.groups) {
    if (g.allowanceCents === 0) continue;
    allowanceCharges.push({
      charge: false,
      reasonCode: '95',
      reason: DISCOUNT_REASON[input.language](input.discount!.code),
      amountCents: g.allowanceCents,
      vatCategory: g.choice.category,
      vatRatePercent: percentString(g.choice.rateBp),
    });
  }
  if (money.shipping) {
    allowanceCharges.push({
      charge: true,
      reasonCode: 'FC',
      reason: SHIPPING_REASON[input.language],
      amountCents: money.totals.shippingCents,
      vatCategory: money.shipping.category,
      vatRatePercent: percentString(money.shipping.rateBp),
    });
  }

  const vatBreakdown: VatBreakdownRow[] = money.groups.map((g) => ({
    category: g.choice.category,
    ratePercent: percentString(g.choice.rateBp),
    taxableCents: g.taxableCents,
    taxCents: g.taxCents,
    exemptionReasonCode: g.choice.exemptionReasonCode,
    exemptionReason: g.choice.exemptionReason,
  }));

  const lineExtensionCents = money.totals.linesCents;
  const allowanceTotalCents = money.totals.discountCents;
  const chargeTotalCents = money.totals.shippingCents;
  const taxExclusiveCents = money.totals.exclVatCents;
  const taxCents = money.totals.vatCents;
  const taxInclusiveCents = money.totals.inclVatCents;
  assertWhole('the prepaid amount', input.prepaidCents);
  const payableCents = taxInclusiveCents - input.prepaidCents;

  const hasK = vatBreakdown.some((r) => r.category === 'K');
  const communication = structuredCommunication(input.number);
  const notes = money.mentions;

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

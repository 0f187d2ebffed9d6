// How an approved request is placed (decision 055): through the orders' placement of given lines,
// with the checkout as the buyer submitted it. Approvals depends on orders, never the reverse
// (decision 065): this mapping was the composition root's, and placement asked approvals back
// through a late-bound function; now approvals registers its rule with placement (OrderPlacementPort.gate).
import type { OrderPlacementPort } from '../orders/contract';
import type { ApprovalPlacement, ApprovalQuotes } from './approvals.service';

/** The approvals' way to price, check and place an approved request, over the checkout's quote and the orders' placement. */
export function approvalPlacement(quotes: ApprovalQuotes, orders: OrderPlacementPort): ApprovalPlacement {
  return {
    quote: (shop, buyer, req) => quotes.quote(shop, buyer, req),
    // The submission runs placement's own checks (issue 40): one function, the orders'.
    vet: (shop, buyer, checkout, sid) => orders.vetSubmission(shop, buyer, checkout, sid),
    place: async (buyer, o, inTransaction) => {
      // The checkout as submitted, every field of it (a quotation is never submitted), with the request's lines.
      const { quotation_id: _quotation, ...checkout } = o.checkout;
      const { order } = await orders.placeLines(
        buyer,
        { ...checkout, lines: o.lines },
        { namespace: 'approval', key: o.reference },
        o.locale,
        { channel: 'approval', approvedBy: o.approverId, approvedOverBudget: o.approvedOverBudget, inTransaction },
      );
      return order;
    },
  };
}

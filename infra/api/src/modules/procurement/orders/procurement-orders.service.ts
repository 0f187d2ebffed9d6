// Orders from buyers' procurement systems (issue 34, decision 053), placed through the orders'
// placement port (modules/orders/contract.ts): the same pricing (the contract's), stock, statement and
// confirmation as the portal's checkout, idempotent by the buyer's order id.
//  - cXML OrderRequest: the Sender credential names the procurement identity and so the user and
//    organisation; every line must be known and priced as the contract prices it (a differing
//    UnitPrice refuses the order), or the whole order is refused with a cXML status and a reason.
//  - Peppol Order (T01): the buyer party's EndpointID names the organisation; each line is matched
//    (the catalogue's item matching, as a cXML line is: decision 067),
//    what can be placed is placed (short stock reduces a line to what is available), and the order
//    is answered with an Order Response (T76: AP, RE or CA with per-line codes) sent back through
//    the access point.
import { createHash } from 'node:crypto';
import { CHECKOUT_ERRORS, type ReceivedPeppolOrder } from '@portal/shared/schemas';
import type { BudgetPort } from '../../budgets/contract';
import type { ItemMatchingPort } from '../../catalog/contract';
import type { PeppolSendPort } from '../../invoice-delivery/contract';
import type { OrderPlacementPort } from '../../orders/contract';
import { authenticateProcurementIdentity } from '../identities';
import type { Db } from '../../../db/client';
import type { ProcurementResponseCode } from '../tables';
import { AppError } from '../../../errors';
import { chooseAddresses } from './addresses';
import { budgetRefusal, costCentreRefusal } from './cost-centre-refusals';
import { CxmlRefusal } from '../protocol/cxml-envelope';
import { readPeppolOrder, type PeppolOrder } from '../protocol/peppol-order';
import { renderOrderResponse, LINE_STATUS, type ResponseLine } from '../protocol/peppol-order-response';
import { readOrderRequest } from './cxml';
import { errorText, nextRetrySeconds } from './order-response-retry';
import type { OrderingUser, ProcurementOrdersRepository } from './procurement-orders.repository';

/** Procurement orders are shipped by this method (decision 053). */
export const PROCUREMENT_SHIPPING_METHOD = 'standard';

export interface ProcurementOrdersDeps {
  db: Db;
  repo: ProcurementOrdersRepository;
  placement: Pick<OrderPlacementPort, 'placeLines'>;
  /** Which cost centre the document's order is charged to (the budgets' port, decision 059). */
  costCentres: Pick<BudgetPort, 'procurementCostCentre'>;
  /** The products the lines name, with their contract prices (the catalogue's port, decision 067). */
  items: ItemMatchingPort;
  /** The configured access point (null: none, the response is kept but not sent). */
  accessPoint: PeppolSendPort | null;
  seller: { peppolParticipantId: string; name: string; country: string };
  /** Transmissions of one Order Response before it stays failed (the retry job sends the others). */
  maxResponseAttempts: number;
  log: { error(obj: object, msg: string): void };
}

/** The buyer's order id as an idempotency key (visible ASCII of a fixed length, whatever the id holds). */
const keyOf = (buyerOrderId: string) => createHash('sha256').update(buyerOrderId).digest('hex');

const euros = (cents: number) => (cents / 100).toFixed(2);

function submitter(user: OrderingUser) {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    function: user.function || 'Procurement system',
    full_name: `${user.firstName} ${user.lastName}`,
    // The organisation set up the procurement identity (or its Peppol id) to order on its behalf.
    declaration: true as const,
  };
}

/** A placement refusal in words for the buyer's system (its lines, when it has them). */
function refusalText(err: AppError): string {
  const lines = (err.extensions?.lines as { product_id: string; name?: string; requested?: number; available?: number }[] | undefined) ?? [];
  const detail = lines.map((l) => `${l.name || l.product_id}: ${l.requested ?? '?'} requested, ${l.available ?? 0} available`).join('; ');
  return `${err.message} (${err.code})${detail ? `: ${detail}` : ''}`;
}

export function createProcurementOrdersService(deps: ProcurementOrdersDeps) {
  const { db, repo, placement, costCentres, items, accessPoint, seller, maxResponseAttempts, log } = deps;

  /** cXML: the status code and text to answer; throws nothing but what is a bug. */
  async function receiveCxml(text: string): Promise<{ status: number; text: string }> {
    const order = readOrderRequest(text);
    const identity = await authenticateProcurementIdentity(db, { protocol: 'cxml', ...order.sender });
    if (!identity) throw new CxmlRefusal(401, 'Unknown sender or wrong shared secret');
    const user = await repo.member(identity.userId, identity.organisationId);
    if (!user) throw new CxmlRefusal(403, "The procurement identity's user is no longer an active member of its organisation");
    const matched = await items.match(db, identity.organisationId, order.lines.map((l) => ({ sellersItemId: l.supplierPartId, gtin: null, buyersItemId: null })));
    const lines = order.lines.map((l, i) => {
      const p = matched[i];
      if (!p) throw new CxmlRefusal(400, `Line ${l.lineNumber}: unknown SupplierPartID ${l.supplierPartId}`);
      if (p.contractPriceCents === null) throw new CxmlRefusal(400, `Line ${l.lineNumber}: ${p.articleCode} is not priced in your contract`);
      // The price is checked, never used: placement charges the contract's (decision 053).
      if (l.unitPrice && l.unitPrice.currency.toUpperCase() !== 'EUR') throw new CxmlRefusal(400, `Line ${l.lineNumber}: prices are in EUR`);
      if (l.unitPrice && l.unitPrice.cents !== p.contractPriceCents) {
        throw new CxmlRefusal(400, `Line ${l.lineNumber}: unit price ${euros(l.unitPrice.cents)} EUR differs from the contract price ${euros(p.contractPriceCents)} EUR for ${p.articleCode}`);
      }
      return { product_id: p.id, quantity: l.quantity };
    });
    const addresses = chooseAddresses(await repo.book(identity.organisationId), order.shipTo, order.billTo);
    if (!addresses) throw new CxmlRefusal(400, 'Your organisation has no billing and delivery address in the portal');
    // The cost centre the lines' accounting names (or the identity's default), refused in cXML's terms (decision 059).
    const charged = await costCentres.procurementCostCentre(db, identity.organisationId, { channel: 'cxml', id: identity.id }, order.accounting);
    if ('refused' in charged) throw new CxmlRefusal(400, costCentreRefusal(charged, user.locale));
    try {
      const placed = await placement.placeLines(
        user.caller,
        {
          ...addresses,
          ...(charged.costCentreId ? { cost_centre_id: charged.costCentreId } : {}),
          shipping_method: PROCUREMENT_SHIPPING_METHOD,
          submitter: submitter(user),
          external_order_number: order.orderId,
          remarks: order.comments?.slice(0, 2000),
          lines,
        },
        { namespace: `cxml:${identity.id}`, key: keyOf(order.orderId) },
        user.locale,
        { channel: 'cxml', byProcurementSystem: true },
      );
      await repo.record({ channel: 'cxml', organisationId: identity.organisationId, sender: identity.id, buyerOrderId: order.orderId, orderId: placed.order.id, responseCode: 'AP', responseNote: null });
      return { status: 200, text: `Order ${placed.order.number} ${placed.replayed ? 'was placed before' : 'placed'}` };
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      if (err.code === CHECKOUT_ERRORS.IDEMPOTENCY_KEY_REUSED) throw new CxmlRefusal(409, `orderID ${order.orderId} was used before for another order`);
      if (err.code === CHECKOUT_ERRORS.IDEMPOTENCY_IN_PROGRESS) throw new CxmlRefusal(409, `orderID ${order.orderId} is being placed; send it again later`);
      if (err.code === CHECKOUT_ERRORS.ON_ACCOUNT_ONLY) throw new CxmlRefusal(403, 'Your organisation has no active contract');
      const budget = budgetRefusal(err, user.locale);
      if (budget) throw new CxmlRefusal(err.statusCode === 409 ? 409 : 400, budget);
      throw new CxmlRefusal(err.statusCode === 409 ? 409 : 400, refusalText(err));
    }
  }

  /** Places what can be placed of a Peppol order; answers the response code, the note, the per-line answers and the order. */
  async function decide(order: PeppolOrder, organisation: { id: string } | null) {
    const reject = (note: string) => ({ code: 'RE' as ProcurementResponseCode, note, lines: [] as ResponseLine[], placed: null });
    if (!organisation) return reject(`The buyer party ${order.buyerEndpoint} is not a customer of ${seller.name}`);
    if (order.currency && order.currency !== 'EUR') return reject('Orders are accepted in EUR only');
    const user = await repo.orderingUser(organisation.id);
    if (!user) return reject('Your organisation has no active user in the portal to place the order for');
    const matched = await items.match(db, organisation.id, order.lines);
    // Per line: the product and the quantity to place (null: not accepted, with why).
    const wanted = order.lines.map((line, i) => {
      const product = matched[i] ?? null;
      const refused = !product ? 'unknown item' : product.contractPriceCents === null ? 'not in your contract' : line.quantity === null ? 'quantity is not a whole number' : null;
      return { line, product, quantity: refused ? 0 : line.quantity!, refused };
    });
    const addresses = chooseAddresses(await repo.book(organisation.id), order.delivery, null);
    if (!addresses) return reject('Your organisation has no billing and delivery address in the portal');
    // The cost centre: each line's AccountingCost, else the header's, else the default set for this Peppol identity (decision 059).
    const named = order.lines.flatMap((l) => {
      const code = l.accountingCost ?? order.accountingCost;
      return code ? [{ type: null, code }] : [];
    });
    const charged = await costCentres.procurementCostCentre(db, organisation.id, { channel: 'peppol', id: order.buyerEndpoint }, named);
    if ('refused' in charged) return reject(costCentreRefusal(charged, user.locale));
    // Placed at most twice: as ordered, then with short lines reduced to what is in stock.
    for (let attempt = 1; attempt <= 2; attempt++) {
      // A product named on two lines is placed as one (placement sums them); each line answers for itself.
      const lines = wanted.filter((w) => w.quantity > 0).map((w) => ({ product_id: w.product!.id, quantity: w.quantity }));
      if (!lines.length) return reject('None of the lines can be ordered: ' + wanted.map((w) => `line ${w.line.id}: ${w.refused ?? 'out of stock'}`).join('; '));
      try {
        const placed = await placement.placeLines(
          user.caller,
          {
            ...addresses,
            ...(charged.costCentreId ? { cost_centre_id: charged.costCentreId } : {}),
            shipping_method: PROCUREMENT_SHIPPING_METHOD,
            submitter: submitter(user),
            external_order_number: order.orderId.slice(0, 100),
            remarks: order.note?.slice(0, 2000),
            lines,
          },
          { namespace: `peppol:${order.buyerEndpoint.toLowerCase()}`, key: keyOf(order.orderId) },
          user.locale,
          { channel: 'peppol', byProcurementSystem: true },
        );
        const changed = wanted.some((w) => w.quantity !== w.line.quantity);
        const responseLines: ResponseLine[] = wanted.map((w) => ({
          lineId: w.line.id,
          status: w.quantity === 0 ? LINE_STATUS.notAccepted : w.quantity !== w.line.quantity ? LINE_STATUS.changed : LINE_STATUS.accepted,
          quantity: w.quantity !== w.line.quantity && w.quantity > 0 ? { value: w.quantity, unitCode: w.line.unitCode ?? 'C62' } : null,
          promisedDate: null,
          sellersItemId: w.product?.articleCode ?? null,
          name: w.line.name,
        }));
        const notes = wanted.filter((w) => w.quantity !== w.line.quantity).map((w) => `line ${w.line.id}: ${w.refused ?? `${w.quantity} of ${w.line.quantity} in stock`}`);
        return { code: (changed ? 'CA' : 'AP') as ProcurementResponseCode, note: notes.length ? `Accepted with changes: ${notes.join('; ')}` : null, lines: changed ? responseLines : [], placed };
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        const short = err.code === CHECKOUT_ERRORS.OUT_OF_STOCK ? ((err.extensions?.lines as { product_id: string; available: number }[] | undefined) ?? []) : [];
        if (attempt === 1 && short.length) {
          // What is available of each short product, shared out over its lines in order.
          for (const s of short) {
            let left = s.available;
            for (const w of wanted.filter((x) => x.product?.id === s.product_id && x.quantity > 0)) {
              w.quantity = Math.min(w.quantity, left);
              left -= w.quantity;
              if (!w.quantity) w.refused = 'out of stock';
            }
          }
          continue;
        }
        return reject(budgetRefusal(err, user.locale) ?? refusalText(err));
      }
    }
    return reject('The order could not be placed');
  }

  /** Renders the response and hands it to the access point (named by the row's id: a retry is asked about, never sent twice). */
  async function respond(rowId: string, order: PeppolOrder, answer: { code: ProcurementResponseCode; note: string | null; lines: ResponseLine[]; orderNumber: string | null }) {
    const xml = renderOrderResponse({
      id: rowId,
      issuedAt: new Date(),
      code: answer.code,
      note: answer.note,
      orderId: order.orderId,
      salesOrderId: answer.orderNumber,
      currency: order.currency,
      seller: { endpoint: seller.peppolParticipantId, name: seller.name },
      buyer: { endpoint: order.buyerEndpoint, name: order.buyerName },
      lines: answer.lines,
    });
    const receiver = order.buyerEndpoint;
    if (!accessPoint) {
      await repo.setResponse(rowId, { xml, receiver, status: 'not_sent', error: null, retryInSeconds: null });
      return 'not_sent' as const;
    }
    try {
      await accessPoint.send({ id: rowId, senderId: seller.peppolParticipantId, receiverId: receiver, documentType: 'OrderResponse', senderCountry: seller.country, ubl: Buffer.from(xml) });
      await repo.setResponse(rowId, { xml, receiver, status: 'sent', error: null, retryInSeconds: null });
      return 'sent' as const;
    } catch (err) {
      // Kept as rendered: the retry job (order-response-retry.ts) sends this very document again.
      const retryInSeconds = nextRetrySeconds(1, maxResponseAttempts, err);
      log.error({ err, procurementOrderId: rowId, retryInSeconds }, 'sending the Order Response failed');
      await repo.setResponse(rowId, { xml, receiver, status: 'failed', error: errorText(err), retryInSeconds });
      return 'failed' as const;
    }
  }

  return {
    receiveCxml,

    /** A Peppol Order from the access point: placed (or not), recorded once, answered with an Order Response. */
    async receivePeppol(text: string): Promise<ReceivedPeppolOrder> {
      const order = readPeppolOrder(text);
      const earlier = await repo.find('peppol', order.buyerEndpoint.toLowerCase(), order.orderId);
      if (!earlier) {
        const organisation = await repo.organisationByParticipant(order.buyerEndpoint);
        const answer = await decide(order, organisation);
        const { row, inserted } = await repo.record({
          channel: 'peppol',
          organisationId: organisation?.id ?? null,
          sender: order.buyerEndpoint.toLowerCase(),
          buyerOrderId: order.orderId,
          orderId: answer.placed?.order.id ?? null,
          responseCode: answer.code,
          responseNote: answer.note,
        });
        // Only the request that recorded it answers it (two deliveries of one order at once send one response).
        if (inserted) {
          const status = await respond(row.id, order, { ...answer, orderNumber: answer.placed?.order.number ?? null });
          return { id: row.id, buyer_order_id: row.buyerOrderId, order_id: row.orderId, order_number: answer.placed?.order.number ?? null, response_code: row.responseCode, response_note: row.responseNote, response_status: status, replayed: false };
        }
      }
      const row = (await repo.find('peppol', order.buyerEndpoint.toLowerCase(), order.orderId))!;
      const number = row.orderId ? ((await repo.orderNumber(row.orderId)) ?? null) : null;
      return { id: row.id, buyer_order_id: row.buyerOrderId, order_id: row.orderId, order_number: number, response_code: row.responseCode, response_note: row.responseNote, response_status: row.responseStatus, replayed: true };
    },

    /** The staff's list of received Peppol orders. */
    listPeppol: repo.listPeppol,
  };
}
export type ProcurementOrdersService = ReturnType<typeof createProcurementOrdersService>;

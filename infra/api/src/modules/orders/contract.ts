// What the orders owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { Checkout, GivenLinesOrderInput, IntegrationOrderSummary, OrderStatus, PlacedOrder } from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../caller';
import type { Db, Tx } from '../../db/client';
import type { ContentLocale, ShopScope } from '../../plugins/request-context';
import type { AddressSnapshot } from './tables';
import type { OrderChannel } from '../../common/metrics';
import type { OrderQuote } from './placement/orders.service';
import type { BudgetExcess } from '../budgets/contract';
import type { StockLine } from '../catalog/contract';

/** A checkout that passed placement's checks (OrderPlacementPort.vetSubmission): priced now, with its addresses. */
export interface VettedOrder {
  quotationId: string | null;
  lines: { product_id: string; name: string; quantity: number; unit_excl_vat: number; vat_rate: number }[];
  money: { subtotal_excl_vat: number; discount_excl_vat: number; shipping_excl_vat: number; vat: number; incl_vat: number };
  invoice: AddressSnapshot;
  delivery: AddressSnapshot;
  /** Over what is left of its cost centre where the organisation's rule is approval (BudgetPort.exceeds); null: it fits or none named. */
  budget: BudgetExcess | null;
}

/**
 * Placing given lines (product, quantity) with addresses from the customer's book as an order of
 * that customer (owner: orders, modules/orders/placement/orders.service.ts `placeLines`): the checkout's
 * placement (contract prices, stock taken in the same statement, confirmation mail), the cart left
 * alone. For modules that receive orders from elsewhere (procurement systems, approved requests).
 */
export interface OrderPlacementPort {
  /**
   * On account only (409 CHECKOUT_ON_ACCOUNT_ONLY without an active contract). Idempotent by
   * `idempotency.key` within `namespace` and the caller: the same lines again answer the same order
   * (`replayed`), other lines under the key 422; refusals are the checkout's 4xx (NOT_ORDERABLE,
   * OUT_OF_STOCK, ADDRESS_NOT_FOUND, NO_SHIPPING_METHOD, ...), nothing written.
   */
  placeLines(
    caller: CustomerCaller,
    order: GivenLinesOrderInput,
    idempotency: { namespace: string; key: string },
    locale: ContentLocale,
    /**
     * An approved request (issue 33): `approvedBy` writes the placement's history row as the
     * approver's (noted `approved`; the order stays the caller's); `inTransaction` runs in the
     * placement's transaction after the order is written (a throw rolls it back);
     * `approvedOverBudget` (with `approvedBy`): the request went to approval for its cost centre's
     * budget, so the charge may go beyond it (BudgetCharge); `byProcurementSystem`: a procurement
     * system's order, charged to any active cost centre of the organisation (BudgetCharge);
     * `channel`: who sent the lines, the orders counter's label (decision 084).
     */
    options: { channel: GivenLinesChannel; approvedBy?: string; approvedOverBudget?: boolean; byProcurementSystem?: boolean; inTransaction?: (tx: Tx, placed: { id: string; number: string }) => Promise<void> },
  ): Promise<{ order: PlacedOrder; replayed: boolean }>;
  /**
   * The caller's checkout checked as its placement would check it, nothing written: the submission
   * for approval (issue 40), so that what could never be approved is refused at once, with
   * placement's code. Every check of placement's but the approval rule (orders.service.ts `vet`).
   */
  vetSubmission(scope: ShopScope, caller: Caller, order: Checkout, signInSession: string | null): Promise<VettedOrder>;
  /**
   * Adds a check every checkout placement runs on its quote before it writes (not given lines): the
   * approvals' rule (decision 055) throws 409 APPROVAL_REQUIRED. The owner of a check registers it
   * when it starts, so the dependency runs one way, to orders (decision 065).
   */
  gate(check: PlacementGate): void;
}

/** The channels that place given lines (the checkout's own are `checkout` and `quotation`). */
export type GivenLinesChannel = Extract<OrderChannel, 'approval' | 'cxml' | 'peppol'>;

/** A check on a checkout's placement: throws the refusal, with the quote placement already has. */
export type PlacementGate = (scope: ShopScope, caller: CustomerCaller, quote: OrderQuote) => Promise<void>;

/** An order as a payment's outcome sees it, its row locked. */
export interface LockedOrder {
  id: string;
  number: string;
  status: OrderStatus;
  discount_code_id: number | null;
  total_cents: number;
  currency: string;
}

/** The order's side of a payment (owner: orders, modules/orders/placement/orders.payment-side.ts). */
export interface PaymentOrdersPort {
  /** Locks the order row; `caller`: only when the caller may act on it. */
  lock(tx: Tx, orderId: string, caller?: Caller): Promise<LockedOrder | null>;
  /** Moves the (locked) order and writes its history row. */
  move(tx: Tx, orderId: string, from: OrderStatus, to: OrderStatus, byUserId: string | null, note: string): Promise<void>;
  /** What the order's lines took from stock, per product in id order (never the backordered units, decision 034). */
  takenFromStock(tx: Tx, orderId: string): Promise<StockLine[]>;
  /** The order's quantities per product in id order, with a line's description. */
  ordered(tx: Tx, orderId: string): Promise<(StockLine & { description: string })[]>;
  /** Records how many of a product's ordered units are backordered (the last lines first). */
  recordBackordered(tx: Tx, orderId: string, productId: string, backordered: number): Promise<void>;
}

/** An order line as a warehouse's shipment names it. */
export interface ShippableLine {
  id: string;
  articleCode: string;
  description: string;
  quantity: number;
  /** The ordered product's GTIN as the catalogue has it (null: none, or the product is gone); the lot index's default (decision 074). */
  gtin: string | null;
}

/** An order as a shipment sees it (decision 050): its row locked when read with `lockByNumber`. */
export interface ShippableOrder {
  id: string;
  number: string;
  status: OrderStatus;
  organisationId: string | null;
  organisationName: string | null;
  externalReference: string | null;
  placedAt: Date;
  totalCents: number;
  currency: string;
  trackingReference: string | null;
  expectedDeliveryOn: string | null;
  lines: ShippableLine[];
}

/** What a recorded shipment does to its order, and what the buyer's mail says of it. */
export interface ShipmentMove {
  orderId: string;
  from: OrderStatus;
  /** Equal to `from`: the status stays, only the tracking facts change (no history row). */
  to: OrderStatus;
  /** The integration client that reported it, by name: the history row names it. */
  byClient: string;
  note: string;
  shipment: {
    carrier: string;
    trackingReference: string;
    trackingUrl: string | null;
    shippedOn: string;
    expectedDeliveryOn: string;
    complete: boolean;
    /** What the parcel holds, line by line with its lot, expiry and serial numbers: the mail lists them (decision 070). */
    lines?: ShippedUnits[];
  };
}

/** One shipped line as the buyer's shipped mail lists it. */
export interface ShippedUnits {
  articleCode: string;
  description: string;
  quantity: number;
  lot: string | null;
  expiryOn: string | null;
  serialNumbers: string[];
}

/** The order's side of a warehouse's shipment (owner: orders, modules/orders/placement/orders.shipment-side.ts). */
export interface ShipmentOrdersPort {
  /** The order with this number and its lines, the order row locked for the transaction; null: none. */
  lockByNumber(tx: Tx, number: string): Promise<ShippableOrder | null>;
  /**
   * Moves the (locked) order, sets its tracking reference (the newest shipment's) and expected
   * delivery (the latest of its shipments'), writes the history row naming the client when the
   * status changes, and queues the buyer's shipped mail in the buyer's language.
   */
  recordShipment(tx: Tx, move: ShipmentMove): Promise<void>;
  /** The same order unlocked, for reading (GET /api/integration/v1/orders/{number}). */
  byNumber(db: Db | Tx, number: string): Promise<ShippableOrder | null>;
  /**
   * Orders oldest first after the cursor, for the ERP's polling. The cursor is the placement time in
   * microseconds since the epoch (a JavaScript Date would round PostgreSQL's microseconds away and
   * repeat or skip an order) and the id; each item answers its own.
   */
  list(
    db: Db | Tx,
    filter: { status?: OrderStatus; placedAfter?: string; after?: { micros: string; id: string }; limit: number },
  ): Promise<{ item: IntegrationOrderSummary; cursor: { micros: string; id: string } }[]>;
}

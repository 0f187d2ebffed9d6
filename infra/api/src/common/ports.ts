// The in-transaction ports between modules (decision 039). A module owns its tables; another
// module that must change them inside its own transaction calls the owner's port, with its `tx`,
// or, where one statement does the work of several (placement, BENCHMARKS.md), takes an SQL
// fragment the owner writes and places it in its statement. These are the contracts; each owner
// implements its own (named below) and the composition root (app.ts) hands them to the callers,
// so no module imports another.
import type { SQL } from 'drizzle-orm';
import type {
  ContractPriceRecord,
  ContractRecord,
  CustomerRecord,
  GivenLinesOrderInput,
  ImportedAddress,
  ImportedUser,
  IntegrationOrderSummary,
  OrderShipment,
  OrderStatus,
  PlacedOrder,
  ProductRecord,
  StockRecord,
  TokenResponse,
} from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../caller';
import type { Db, Tx } from '../db/client';
import type { ContentLocale } from '../plugins/request-context';
import type { QuotationToOrder } from './scope';

/** A quantity of one product. */
export interface StockLine {
  product_id: string;
  quantity: number;
}

/** Stock levels (owner: catalog, modules/catalog/stock.ts). */
export interface StockPort {
  /**
   * Placement's fragment: the CTEs `stock_locked` and `taken` (comma-separated, to follow other
   * CTEs) over the CTE named `from` (columns `id uuid, quantity int`). The rows are locked in id
   * order, then taken conditionally (active products; backorder may go beyond stock, never below
   * zero); `taken` answers `id, backordered` for each line that got its stock.
   */
  takeStep(from: string): SQL;
  /** Placement's fragment: a derived table `(id, article_code, description, nsn)` of the products of `from`, named in `locale`. */
  lineFacts(from: string, locale: string): SQL;
  /** The stock level and whether it is on sale, per product. */
  levels(tx: Tx, ids: string[]): Promise<Map<string, { stockLevel: number; active: boolean }>>;
  /** Takes one product's quantity again (a payment's retry), conditionally; null: short, nothing taken. */
  take(tx: Tx, line: StockLine): Promise<{ backordered: number } | null>;
  /** Gives the quantities back, products in id order (as placement takes them). */
  giveBack(tx: Tx, lines: StockLine[]): Promise<void>;
}

/** The buyer's cart (owner: cart, modules/cart/cart.repository.ts). */
export interface CartPort {
  /** The owner's cart lines in the order they were added (a quotation made from the cart reads them; the cart is left alone). */
  lines(db: Db | Tx, owner: CustomerCaller): Promise<StockLine[]>;
  /** Placement's fragment: the owner's cart lines as a json array of `{ product_id, quantity }` in product order. */
  held(owner: CustomerCaller): SQL;
  /** Placement's fragment: a data-modifying CTE body emptying the owner's cart when `when` holds. */
  emptyStep(owner: CustomerCaller, when: SQL): SQL;
}

/** Discount codes' uses (owner: checkout, modules/checkout/discounts.ts). */
export interface DiscountPort {
  /** One use of the code at placement: active, within its dates and its limit; false when not. */
  use(tx: Tx, id: number): Promise<boolean>;
  /** One use again for a payment's retry (the code was valid when the order was placed): within its limit only. */
  useAgain(tx: Tx, id: number): Promise<boolean>;
  /** Gives one use back (a failed, cancelled or expired payment). */
  giveBack(tx: Tx, id: number): Promise<void>;
}

/** A quotation as the checkout orders it: what says whether it may be (common/scope's `assertOrderable`). */
export interface OrderableQuotation extends QuotationToOrder {
  id: string;
}

/** An accepted quotation's line as the checkout prices it: the quoted unit price, the product's VAT rate. */
export interface QuotedLine {
  product_id: string;
  slug: string;
  name: string;
  article_code: string;
  nsn: string | null;
  quantity: number;
  unit_price_cents: number | null;
  vat_rate: number;
}

/** Quotations ordered (owner: quotations, modules/quotations/quotations.ports.ts). */
export interface QuotationPort {
  /** A quotation in the caller's scope with its lines named in `locale`, for the checkout to price; null: none (or not an id). */
  toOrder(db: Db | Tx, caller: CustomerCaller, id: string, locale: string): Promise<{ row: OrderableQuotation; lines: QuotedLine[] } | null>;
  /** Locks the quotation for this placement; throws the reason it cannot be ordered (common/scope). */
  claim(tx: Tx, caller: CustomerCaller, id: string): Promise<void>;
  /** Points the claimed quotation at its order and writes its history; throws when it was ordered meanwhile. */
  markOrdered(tx: Tx, id: string, order: { id: string; number: string }, byUserId: string): Promise<void>;
}

/**
 * Placing given lines (product, quantity) with addresses from the customer's book as an order of
 * that customer (owner: orders, modules/orders/orders.service.ts `placeLines`): the checkout's
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
     * budget, so the charge may go beyond it (BudgetCharge).
     */
    options?: { approvedBy?: string; approvedOverBudget?: boolean; inTransaction?: (tx: Tx, placed: { id: string; number: string }) => Promise<void> },
  ): Promise<{ order: PlacedOrder; replayed: boolean }>;
}

/**
 * Sending a business document over Peppol (owner: invoice-delivery, its configured access point,
 * decision 048): what the procurement orders need to answer an Order with an Order Response. The
 * document is named by `id` (a retry is asked about, never sent twice); throws when it was not taken.
 */
export interface PeppolSendPort {
  send(document: { id: string; senderId: string; receiverId: string; documentType: 'OrderResponse'; senderCountry: string; ubl: Buffer }): Promise<{ messageId: string }>;
}

/** An order as a payment's outcome sees it, its row locked. */
export interface LockedOrder {
  id: string;
  number: string;
  status: OrderStatus;
  discount_code_id: number | null;
  total_cents: number;
  currency: string;
}

/** The order's side of a payment (owner: orders, modules/orders/orders.payment-side.ts). */
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

/** A quantity shipped (or returned) of one order line. */
export interface ShippedLine {
  orderLineId: string;
  quantity: number;
}

/**
 * Invoicing (owner: invoices, modules/invoices). Called inside the caller's transaction, so an
 * invoice exists exactly when the shipment or payment that caused it was committed, and its number
 * is taken from the year's gapless series in that same transaction.
 */
export interface InvoicingPort {
  /**
   * Invoices what a shipment shipped: its lines, capped at what is not yet invoiced (a partial
   * shipment invoices its part). Idempotent per `shipmentId`; `shipmentId` null: the rest of the order
   * (staff moved the whole order to in shipping). Returns the invoice's id, or null when nothing was
   * left to invoice (or the order was already invoiced as paid at placement).
   */
  invoiceShipment(tx: Tx, shipment: { orderId: string; shipmentId: string | null; shippedOn: string; lines: ShippedLine[] | 'rest' }): Promise<string | null>;
  /** A web-shop order paid online: the whole order invoiced as paid, when the payment is confirmed. Idempotent per order. */
  invoicePaidOrder(tx: Tx, orderId: string, paidOn: string): Promise<string | null>;
  /** A credit note for cancelled or returned quantities of an order's invoiced lines, referencing their invoice. */
  creditLines(tx: Tx, credit: { orderId: string; reason: string; lines: ShippedLine[] }): Promise<string[]>;
}

/** An issued document as its delivery reads it (owner: invoices). */
export interface DeliverableInvoice {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  language: 'en' | 'nl' | 'fr';
  /** The buyer organisation (null: a web-shop buyer): who may see and retry its delivery. */
  organisationId: string | null;
  /** What the mail names: the total including VAT (BT-112; a credit note's: the amount credited), what is left to pay (BT-115), the currency, the due date (YYYY-MM-DD; null when none). */
  totalCents: number;
  payableCents: number;
  currency: string;
  dueDate: string | null;
  /** Peppol participant ids (`scheme:id`); the buyer's null when it has none (mail only). */
  senderParticipantId: string;
  receiverParticipantId: string | null;
  billingEmail: string | null;
  pdf: Buffer;
  ubl: Buffer;
}

/** The stored documents (owner: invoices), read by their delivery. */
export interface InvoiceDocumentsPort {
  forDelivery(db: Db | Tx, invoiceId: string): Promise<DeliverableInvoice | null>;
}

/** Delivery of issued documents over Peppol and by mail (owner: invoice-delivery). */
export interface InvoiceDeliveryPort {
  /** Queues an issued document's delivery, in the issuing transaction (sent after the commit, retried from the outbox). */
  enqueue(tx: Tx, invoiceId: string): Promise<void>;
  /** The delivery status per invoice, for the invoice pages. */
  statuses(db: Db | Tx, invoiceIds: string[]): Promise<Map<string, { status: 'queued' | 'sent' | 'delivered' | 'failed'; lastError: string | null }>>;
}

/** An order line as a warehouse's shipment names it. */
export interface ShippableLine {
  id: string;
  articleCode: string;
  description: string;
  quantity: number;
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
  shipment: { carrier: string; trackingReference: string; trackingUrl: string | null; shippedOn: string; expectedDeliveryOn: string; complete: boolean };
}

/** The order's side of a warehouse's shipment (owner: orders, modules/orders/orders.shipment-side.ts). */
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

/** An order's shipments as its readers show them (owner: shipments, modules/shipments/shipments.read.ts). */
export interface ShipmentsReadPort {
  /** The order's shipments, oldest first, with their lines in report order, named from the order's `lines`. */
  forOrder(db: Db | Tx, orderId: string, lines: readonly { id: string; article_code: string; description: string }[]): Promise<OrderShipment[]>;
}

/** What became of one imported line (decision 049): `unchanged` when the stored version was as new or newer. */
export type ImportOutcome = { lineNo: number; result: 'applied' | 'unchanged' } | { lineNo: number; result: 'refused'; code: string; message: string };

/**
 * The supplier's records written into the catalogue (owner: catalog, modules/catalog/catalogue-import.ts
 * and stock-import.ts). Each writes a batch in a few multi-row statements in the caller's
 * transaction, only where the sender's version is newer than the stored one, and answers one outcome
 * per line.
 */
export interface CatalogueImportPort {
  products(tx: Tx, lines: { lineNo: number; record: ProductRecord }[]): Promise<ImportOutcome[]>;
  stock(tx: Tx, lines: { lineNo: number; record: StockRecord }[]): Promise<ImportOutcome[]>;
  /** Contract prices by contract number and article code (the contracts written before, in the same transaction). */
  contractPrices(tx: Tx, lines: { lineNo: number; record: ContractPriceRecord }[]): Promise<ImportOutcome[]>;
  /** A product picture (checked with sharp) at a gallery position, stored once by its content hash. */
  productImage(
    tx: Tx,
    articleCode: string,
    bytes: Buffer,
    position: number,
    alt: { en: string; nl: string; fr: string },
  ): Promise<'applied' | 'unchanged' | 'unknown_product' | 'not_an_image'>;
}

/** The supplier's contracts written into the accounts (owner: accounts, modules/organisation/contract-import.ts). */
export interface ContractImportPort {
  contracts(tx: Tx, lines: { lineNo: number; record: ContractRecord }[]): Promise<ImportOutcome[]>;
  /**
   * Organisations by customer number, with their addresses and invitations (modules/organisation/
   * customer-import.ts); the sending client is named in the invitations' audit rows.
   */
  customers(tx: Tx, lines: { lineNo: number; record: CustomerRecord }[], sender: { clientName: string }): Promise<ImportOutcome[]>;
}

/** An imported organisation's addresses (owner: accounts, modules/addresses/addresses.import.ts). */
export interface AddressImportPort {
  /**
   * In the caller's transaction: upserts each organisation's addresses by the ERP's key and removes
   * the imported ones (external key set) it no longer lists; addresses typed in the portal stay.
   */
  replaceImported(tx: Tx, batch: { organisationId: string; addresses: ImportedAddress[] }[]): Promise<void>;
}

/** Invitations into an organisation in the caller's transaction (owner: accounts, modules/users/member-invitations.ts). */
export interface MemberInvitationPort {
  /**
   * Invites (account without password, membership, one-time link, mail via the outbox) those whose
   * e-mail address has no account; anyone with one is left alone. Answers how many were invited.
   */
  inviteNew(tx: Tx, organisation: { id: string; name: string }, people: ImportedUser[], sender: { clientName: string }): Promise<number>;
}

/**
 * A sign-in made for another module that authenticated the request its own way (owner: oauth,
 * modules/oauth/sign-in.port.ts): the punchout's one-time start URL (decision 052). The same audit
 * entry, tokens and refresh-token family as a password sign-in, for the web client.
 */
export interface SignInPort {
  /** `sessionId`: the refresh-token family (the access token's `sid`); null when the account or membership cannot sign in. */
  signInAs(userId: string, organisationId: string, ctx: { ip: string; requestId: string; method: string }): Promise<{ tokens: TokenResponse; sessionId: string } | null>;
}

/** A member of an organisation as the approvals name them (owner: accounts, modules/users/member-directory.ts). */
export interface Member {
  id: string;
  name: string;
  firstName: string;
  email: string;
  locale: string;
  role: string;
}

/** The organisation's people, read by the approval rules and requests (issue 33). */
export interface MemberDirectoryPort {
  /** The organisation's active members, by name. */
  members(db: Db | Tx, organisationId: string): Promise<Member[]>;
  /** These people as members of the organisation (another organisation's or a deactivated member: absent). */
  people(db: Db | Tx, organisationId: string, ids: string[]): Promise<Map<string, Member>>;
}

/** The catalogue's categories, read by the approval rules (owner: catalog, modules/catalog/category-facts.ts). */
export interface CategoryFactsPort {
  /** Every category (families and sub-categories), named in `locale`, families first. */
  list(db: Db | Tx, locale: string): Promise<{ id: number; name: string; parentId: number | null }[]>;
  /** Each product's sub-category and its family (a rule on either matches). */
  ofProducts(db: Db | Tx, productIds: string[]): Promise<Map<string, number[]>>;
}

/** An order charged to a cost centre, as placement hands it over. */
export interface BudgetCharge {
  orderId: string;
  /** The cost centre the buyer chose; null: none chosen (refused when the organisation has cost centres). */
  costCentreId: string | null;
  /** The order's total including VAT, in cents: what is charged. */
  amountCents: number;
  /**
   * An approved request's order whose request was submitted because it exceeded the budget
   * (issue 33): the approval authorises the charge beyond what is left; how far is recorded on the
   * order's link. Only the approvals' placement sets it, never a client.
   */
  approvedOverBudget?: boolean;
}

/** An order over what is left of its cost centre's budget where the rule sends it to approval (BudgetPort.exceeds). */
export interface BudgetExcess {
  remainingCents: number;
  costCentre: { code: string; name: string };
}

/**
 * Cost centres' budgets (owner: budgets, modules/budgets/budgets.port.ts; decision 054). Each call
 * runs on the caller's transaction, so the charge commits with the order or not at all.
 */
export interface BudgetPort {
  /**
   * Charges the order to the buyer's cost centre in the current period (Europe/Brussels) with one
   * conditional update of the period's spent row (`spent + amount <= budget`): parallel placements
   * queue on that row and only those that fit are charged. Throws the refusal (422 cost centre
   * not allowed, 409 BUDGET_EXCEEDED or APPROVAL_REQUIRED with what is left); the caller's
   * transaction then rolls back. Does nothing for a caller without an organisation or an order
   * without a cost centre (`requiredSql` refused that where the organisation has cost centres).
   */
  charge(tx: Tx, caller: CustomerCaller, charge: BudgetCharge): Promise<void>;
  /**
   * A fragment: a boolean SQL expression, true where the caller's organisation has active cost
   * centres, so an order without one must be refused (`costCentreRequired`). Placement evaluates it
   * in the statement that claims the key, so the check costs no statement of its own.
   */
  requiredSql(caller: CustomerCaller): SQL;
  /** The refusal of an order without a cost centre where `requiredSql` was true. */
  costCentreRequired(): Error;
  /** Gives the order's charge back to the period it was charged in, once (a cancellation, a failed or expired payment). */
  giveBack(tx: Tx, orderId: string): Promise<void>;
  /** Charges a given-back order again (a payment's retry), within the budget; throws BUDGET_EXCEEDED when it no longer fits. */
  chargeAgain(tx: Tx, orderId: string): Promise<void>;
  /**
   * Whether an order of `amountCents` would exceed what is left of the caller's cost centre now (a
   * read, no lock: the approvals' submission finds the budget reason itself; the charge at placement
   * decides). null: it fits, or no cost centre named. Throws what the charge would: 422 when the cost
   * centre is not one the caller may use, 409 BUDGET_EXCEEDED where the organisation's rule refuses.
   */
  exceeds(db: Db | Tx, caller: CustomerCaller, costCentreId: string | null, amountCents: number): Promise<BudgetExcess | null>;
  /** The cost centre an order was charged to (the order page, the order form, the invoice's buyer reference); null: none. */
  ofOrder(db: Db | Tx, orderId: string): Promise<{ code: string; name: string; over_budget_cents: number } | null>;
}

/**
 * Punchout mode's gate on ordering in the portal (owner: procurement, modules/punchout/punchout.port.ts;
 * decision 052, amended). While a sign-in is an open punchout session (started, not transferred),
 * its cart goes back to the procurement system, which orders it (cXML OrderRequest, Peppol Order):
 * the checkout's placement and the submission for approval refuse it. Orders the procurement
 * system sends are placed as given lines, with no sign-in to ask about.
 */
export interface PunchoutGatePort {
  /**
   * A fragment: a boolean SQL expression, true where `sid` (the access token's sign-in) is the
   * caller's own open punchout session in its organisation. Placement evaluates it in the
   * statement that claims the key, so the check costs no statement of its own.
   */
  openSql(caller: CustomerCaller, sid: string): SQL;
  /** The same question on its own (the submission for approval, where no statement count is at stake). */
  isOpen(db: Db | Tx, caller: CustomerCaller, sid: string): Promise<boolean>;
  /** 409 PUNCHOUT_ORDER_IN_PROCUREMENT: transfer the cart to the procurement system to order it. */
  refusal(): Error;
}

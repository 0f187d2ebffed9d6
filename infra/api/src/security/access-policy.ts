// The access policy of every API route, kept with the security tests in `security/access/<module>.ts`
// (test data, not production source) and keyed by `METHOD /api/url-pattern`. The access matrix
// (security/access-matrix.test.ts) calls every route the app registers as every kind of caller and
// compares the answers with these tables; a route without an entry fails it. The policy is data,
// not code the routes run: the routes enforce access themselves (caller.ts, the repositories'
// scopes), and this says what they must answer.

/** Who calls, with a valid token (or none). */
export const MATRIX_CALLERS = ['none', 'anonymous', 'buyerA', 'adminA', 'buyerB', 'staffAssigned', 'staffUnassigned'] as const;
export type MatrixCaller = (typeof MATRIX_CALLERS)[number];

/**
 * The supplier's integration clients (decision 045): one granted every scope, one granted none. On
 * a route whose policy does not name them they must get what a visitor without a token gets (a
 * client sees no customer data); the integration routes name them.
 */
export const CLIENT_CALLERS = ['client', 'clientUnscoped'] as const;
export type ClientCaller = (typeof CLIENT_CALLERS)[number];
/** Every caller the matrix sends. */
export type AnyMatrixCaller = MatrixCaller | ClientCaller;

/** Tokens that must never be taken: signed with another key, expired, for another audience or issuer, unsigned. */
export const FORGED_TOKENS = ['badSignature', 'expired', 'wrongAudience', 'wrongIssuer', 'algNone'] as const;
export type ForgedToken = (typeof FORGED_TOKENS)[number];

/** Ids the requests are built from: organisation A's, organisation B's, and public ones. */
export interface MatrixFixtures {
  /** A product of A's contract (slug, id, article code). */
  productA: { id: string; slug: string; code: string; gtin: string | null };
  /** A contract-only product of organisation B, outside A's contract. */
  productB: { id: string; slug: string; code: string; gtin: string | null };
  /** A product of the public medical web shop. */
  publicProduct: { id: string; slug: string };
  /** An address in organisation A's book, and one in B's. */
  addressA: { id: string };
  addressB: { id: string };
  /** An order of organisation A, and one of B. */
  orderA: { id: string };
  orderB: { id: string };
  /** A buyer of organisation A and a buyer of organisation B (users admin). */
  userA: { id: string };
  userB: { id: string };
  /** Organisation A's administrator, its only one (closing them is refused: the last administrator stays). */
  adminA: { id: string };
  /** Orders of A and B for the my-orders routes: a delivered one (status moves refused) and one in processing. */
  historyOrders: { deliveredA: { id: string; number: string }; deliveredB: { id: string; number: string } };
  /** The seeded invoices of A and B, paid (so recording a payment changes nothing: 409). */
  invoices: { paidA: string; paidB: string; paidANumber: string; paidBNumber: string };
  /** The seeded quotations of A and B: one draft and one sent (locked) each. */
  quotations: { draftA: string; sentA: string; draftB: string; sentB: string };
  /**
   * Order lists (decision 056): one of A's buyer shared with A (holding productA), a private one of
   * A's administrator (A's buyer must not see it), and one of B's buyer shared with B.
   */
  orderLists: { sharedA: string; privateAdminA: string; sharedB: string };
  /** Approval requests of A's and B's buyers (one waiting, one rejected each) and an approval rule of each organisation (issue 33). */
  approvals: { pendingA: string; decidedA: string; pendingB: string; decidedB: string; ruleA: string; ruleB: string };
  /** Invoices of A and B whose Peppol delivery failed (the staff's retry). */
  invoiceDeliveries: { failedA: string; failedB: string };
  /** Despatch Advices of A and B whose Peppol delivery failed (decision 083: the staff's retry). */
  despatchDeliveries: { failedA: string; failedB: string };
  /** The organisations A and B themselves (the organisation switch, decision 057). */
  organisations: { a: string; b: string };
  /** An inactive cost centre of A and one of B (inactive: the matrix's placements need none), and A's code. */
  costCentres: { a: string; b: string; codeA: string };
}

export interface MatrixRequest {
  url?: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

export interface RouteAccess {
  /** A valid request (the url pattern filled in, headers, body); the route's pattern and no body otherwise. */
  request?: (fx: MatrixFixtures) => MatrixRequest;
  /** The status each caller gets for that request (the clients: `none`'s status unless named, see expected()). */
  expect: Record<MatrixCaller, number> & Partial<Record<ClientCaller, number>>;
  /** What forged tokens get: 401, or `ignored` where the route reads no token (answers as `none`). */
  forged: 401 | 'ignored';
  /**
   * For a route that takes an id: the same request with organisation B's ids, sent by A's buyer and
   * administrator, and the status they must get (never B's data).
   */
  foreign?: { request: (fx: MatrixFixtures) => MatrixRequest; expect: number; refuse?: (body: string) => boolean };
}

export type AccessTable = Record<string, RouteAccess>;

/** The same status for every caller. */
export function everyone(status: number): Record<MatrixCaller, number> {
  return Object.fromEntries(MATRIX_CALLERS.map((c) => [c, status])) as Record<MatrixCaller, number>;
}

/** `status` for signed-in people (customers and staff), 401 for no token and anonymous sessions. */
export function signedIn(status: number): Record<MatrixCaller, number> {
  return { ...everyone(status), none: 401, anonymous: 401 };
}

/** The status `caller` must get from a route: as its policy says; a client not named, what `none` gets. */
export function expected(policy: Pick<RouteAccess, 'expect'>, caller: AnyMatrixCaller): number {
  return policy.expect[caller] ?? policy.expect.none;
}

/**
 * An integration route (decision 045): `status` for a client granted every scope (and for one
 * granted none when the route needs no scope), 403 INTEGRATION_SCOPE_MISSING for one without the
 * scope, 403 INTEGRATION_CLIENT_REQUIRED for people and sessions, 401 without a token.
 */
export function integration(status: number, opts: { scoped?: boolean } = {}): RouteAccess['expect'] {
  return { ...everyone(403), none: 401, client: status, clientUnscoped: opts.scoped === false ? status : 403 };
}

/** A route of the supplier's staff: `status` for both staff members, 403 STAFF_ONLY for customers and clients, 401 otherwise. */
export function staffOnly(status: number): RouteAccess['expect'] {
  return { ...everyone(403), none: 401, anonymous: 401, staffAssigned: status, staffUnassigned: status, client: 403, clientUnscoped: 403 };
}

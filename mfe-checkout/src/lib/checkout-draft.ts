// What the buyer chose between the checkout steps, kept in session storage until the order is placed
// (contract-checkout.md): a reload or a step back keeps the input, closing the tab forgets it. The
// Idempotency-Key of the placement lives here too, bound to the body it was first sent with, so a
// retried submit of the same order sends the same key and a changed order gets a new one.
import { idempotencySubject, type Checkout, type CountryCode } from '@portal/shared/schemas/checkout';

const KEY = 'portal.checkout.draft';

/** The submitter as typed on the personal-info step. */
export interface SubmitterDraft {
  first_name: string;
  last_name: string;
  function: string;
  full_name: string;
  declaration: boolean;
}

/** The checkout input so far. */
export interface CheckoutDraft {
  billing_address_id?: string;
  delivery_address_id?: string;
  /** The delivery address's country (shipping methods and the preview depend on it). */
  delivery_country?: CountryCode;
  shipping_method?: string;
  /** A code the preview accepted. */
  discount_code?: string;
  external_order_number?: string;
  remarks?: string;
  submitter?: SubmitterDraft;
  /** An accepted quotation ordered at its quoted prices instead of the cart (`?quotation=` on the first step). */
  quotation_id?: string;
  /** The buyer's cost centre (issue 33), when the organisation has cost centres. */
  cost_centre_id?: string;
  /** The placement's Idempotency-Key and what it stands for (`idempotencySubject`). */
  attempt?: { key: string; subject: string };
}

export function readDraft(): CheckoutDraft {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    return raw ? (JSON.parse(raw) as CheckoutDraft) : {};
  } catch {
    return {};
  }
}

export function writeDraft(changes: Partial<CheckoutDraft>): CheckoutDraft {
  const next = { ...readDraft(), ...changes };
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the steps still work within this page view.
  }
  return next;
}

/**
 * The quotation this checkout orders: `?quotation=<id>` starts (or keeps) one, any other start of
 * the checkout (from the cart) forgets it, so the cart is never ordered as a quotation or back.
 */
export function startCheckoutFor(quotationId: string | null): CheckoutDraft {
  const draft = readDraft();
  if (quotationId === (draft.quotation_id ?? null)) return draft;
  // Another quotation or the cart: the earlier choices of the draft still hold, its placement attempt does not.
  return writeDraft({ quotation_id: quotationId ?? undefined, attempt: undefined });
}

/** Forgets the checkout (after a placed order). */
export function clearDraft(): void {
  try {
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * The Idempotency-Key for placing `request` (the body, the shop, the language): the kept one when the
 * same request was sent before (a retry after a network failure or a double click), a fresh one when
 * anything the API ties the key to changed in between (the order, or the language switched in this
 * tab: the API would answer 422 CHECKOUT_IDEMPOTENCY_KEY_REUSED). `idempotencySubject` is the API's
 * own notion of "the same request" (decision 038).
 */
export function idempotencyKeyFor(request: { body: Checkout; shop: string; locale: string }): string {
  const subject = idempotencySubject(request);
  const { attempt } = readDraft();
  if (attempt && attempt.subject === subject) return attempt.key;
  const key = globalThis.crypto.randomUUID();
  writeDraft({ attempt: { key, subject } });
  return key;
}

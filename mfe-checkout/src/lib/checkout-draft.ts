// What the buyer chose between the checkout steps, kept in session storage until the order is placed
// (contract-checkout.md): a reload or a step back keeps the input, closing the tab forgets it. The
// Idempotency-Key of the placement lives here too, bound to the body it was first sent with, so a
// retried submit of the same order sends the same key and a changed order gets a new one.
import type { CountryCode } from '@portal/shared/schemas/checkout';

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
  /** The placement's Idempotency-Key and the body it was sent with. */
  attempt?: { key: string; body: string };
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
 * The Idempotency-Key for placing `body`: the kept one when the same body was sent before (a retry
 * after a network failure or a double click), a fresh one when the order changed in between.
 */
export function idempotencyKeyFor(body: unknown): string {
  const serialised = JSON.stringify(body);
  const { attempt } = readDraft();
  if (attempt && attempt.body === serialised) return attempt.key;
  const key = globalThis.crypto.randomUUID();
  writeDraft({ attempt: { key, body: serialised } });
  return key;
}

// Transaction-scoped advisory locks, one key space: every key is built here, so that two modules
// that must serialise (the cart's edits and the order placement; two edits of one address book)
// cannot drift apart in how they spell the key, and two kinds of lock cannot share one.
import { sql, type SQL } from 'drizzle-orm';

/** Whose cart: a signed-in user's (one lock across their organisations), or an anonymous session's. */
export type CartLockOwner = { kind: 'user'; userId: string } | { kind: 'anonymous'; sessionId: string };

/** The key of a cart's lock (exported for the tests that check keys never collide). */
export const cartLockKey = (owner: CartLockOwner): string => (owner.kind === 'user' ? `cart:${owner.userId}` : `cart:anon:${owner.sessionId}`);

/** The key of an address book's lock: the organisation's book, or a web-shop customer's own. */
export const addressBookLockKey = (book: { userId: string; organisationId: string | null }): string => `addresses:${book.organisationId ?? book.userId}`;

const xactLock = (key: string): SQL => sql`pg_advisory_xact_lock(hashtext(${key}))`;

/** SQL expression taking the cart's lock until the transaction ends: `select ${cartLock(owner)}`. */
export const cartLock = (owner: CartLockOwner): SQL => xactLock(cartLockKey(owner));

/** SQL expression taking the address book's lock until the transaction ends. */
export const addressBookLock = (book: { userId: string; organisationId: string | null }): SQL => xactLock(addressBookLockKey(book));

/** The integration events' feed sequencer (decision 051): one at a time, tried, never waited for. */
export const feedSequencerTryLock = (): SQL => sql`pg_try_advisory_xact_lock(hashtext('integration-events:feed'))`;

/**
 * The key of a GTIN's recall lock (decision 074): a recall opening takes it alone, a shipment
 * report takes it shared for each GTIN it ships, so a report and an open of the same GTIN run one
 * after the other (the report is then refused, or counted in the recall) and reports do not wait
 * for each other.
 */
export const recallGtinLockKey = (gtin: string): string => `recall:gtin:${gtin}`;

/** SQL expression taking a GTIN's recall lock alone until the transaction ends (opening a recall). */
export const recallGtinLock = (gtin: string): SQL => xactLock(recallGtinLockKey(gtin));

/** SQL expression taking a GTIN's recall lock shared until the transaction ends (a shipment of it). */
export const recallGtinSharedLock = (gtin: string): SQL => sql`pg_advisory_xact_lock_shared(hashtext(${recallGtinLockKey(gtin)}))`;

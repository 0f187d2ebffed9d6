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

import { STAFF_ROLES } from '@portal/shared/schemas/platform';
import { useSession } from '@portal/shared/session';

/**
 * Remote mounts that only a customer's user can use: the contract range, the web shop's cart and
 * checkout. The API refuses provider staff there (403 CATALOG_CUSTOMERS_ONLY); the shell says so in
 * words up front instead of letting the page fail. Quotations are not among them: the case manager
 * answers the assigned organisations' quotations on the same pages (issue 14).
 */
export const CUSTOMERS_ONLY_MOUNTS: ReadonlySet<string> = new Set(['my-products', 'products', 'quick-order', 'order-lists', 'checkout']);

const STAFF: ReadonlySet<string> = new Set(STAFF_ROLES);

/** Whether the signed-in user is a provider employee (case manager or sales consultant). */
export function useIsStaff(): boolean {
  return useSession((s) => s.isSignedIn && STAFF.has(s.claims?.role ?? ''));
}

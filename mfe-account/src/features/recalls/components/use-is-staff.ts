import { STAFF_ROLES } from '@portal/shared/schemas/account';
import { useSession } from '@portal/shared/session';

const STAFF: ReadonlySet<string> = new Set(STAFF_ROLES);

/** Whether the signed-in user is the supplier's staff: the recalls page shows them the follow-up, a customer their notices. */
export const useIsStaff = (): boolean => useSession((s) => s.isSignedIn && STAFF.has(s.claims?.role ?? ''));

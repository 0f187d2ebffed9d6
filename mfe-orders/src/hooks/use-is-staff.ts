import { STAFF_ROLES } from '@portal/shared/schemas/orders';
import { useSession } from '@portal/shared/session';

const STAFF: ReadonlySet<string> = new Set(STAFF_ROLES);

/** Whether the reader is a provider employee (sees assigned organisations' orders, moves them). */
export const useIsStaff = () => useSession((s) => STAFF.has(s.claims?.role ?? ''));

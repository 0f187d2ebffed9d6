// What the procurement owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { SQL } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import type { Db, Tx } from '../../db/client';

/**
 * Punchout mode's gate on ordering in the portal (owner: procurement, modules/procurement/punchout/punchout.port.ts;
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

// The PunchoutGatePort (modules/procurement/contract.ts, decision 052 amended): whether a sign-in is an open punchout
// session, as a fragment for placement's first statement and as a read of its own. The same rows
// `ofCaller` answers (the caller's own sign-in, user and organisation, not transferred), so the
// header's "the cart goes back to …" and the refusal agree.
import { PUNCHOUT_ERRORS } from '@portal/shared/schemas';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { CustomerCaller } from '../../../caller';
import type { PunchoutGatePort } from '../contract';
import { isUuid } from '../../../common/uuid';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { AppError } from '../../../errors';

const openRow = rowShape({ open: v.boolean() });

function openSql(caller: CustomerCaller, sid: string) {
  // A caller without an organisation never punches out (the start signs in within one).
  // Nor does a `sid` that is no sign-in's id (compared as a uuid, it would fail the statement).
  if (!caller.organisationId || !isUuid(sid)) return sql`false`;
  return sql`exists (select 1 from punchout_sessions ps
    where ps.session_id = ${sid}::uuid and ps.user_id = ${caller.userId} and ps.organisation_id = ${caller.organisationId} and ps.transferred_at is null)`;
}

export const punchoutGate: PunchoutGatePort = {
  openSql,
  async isOpen(db, caller, sid) {
    const [row] = await typedRows(db, openRow, sql`select ${openSql(caller, sid)} as open`);
    return row?.open === true;
  },
  refusal: () =>
    new AppError(409, PUNCHOUT_ERRORS.ORDER_IN_PROCUREMENT, 'This cart goes back to your procurement system: transfer it there to order it'),
};

// What a correction may change (decision 080): a recall is widened (lots and serial numbers added, the
// expiry range moved outwards, a range added where it had none) and its texts fixed, or it is closed;
// it is never narrowed, because the units it covered were told, blocked and counted for the
// authority: taking them out would tell nobody that they may be used again and would leave the
// evidence saying less than what was done. A mistaken recall is closed with its note, and a
// narrower one opened if needed. A closed recall takes no correction, answer or second closing.
import { API_ERRORS, MESSAGE_KEYS as M, RECALL_ERRORS, type FieldError, type RecallCorrect } from '@portal/shared/schemas';
import { AppError } from '../../errors';
import type { StoredRecall } from './recalls.repository';

/** 409 RECALL_CLOSED: the recall was closed; nothing about it changes any more. */
export const closed = (r: StoredRecall) => new AppError(409, RECALL_ERRORS.CLOSED, `Recall ${r.reference ?? r.id} was closed on ${r.closedAt?.toISOString().slice(0, 10)}: it takes no more answers or changes`);

/** The stored fields after `input`; 422 RECALL_NARROWING_REFUSED naming each field that would take units out. */
export function widened(before: StoredRecall, input: RecallCorrect): Pick<StoredRecall, 'lots' | 'serialNumbers' | 'expiryFrom' | 'expiryTo' | 'reason' | 'instructions'> {
  const narrowed: FieldError[] = [];
  const keeps = (path: string, stored: readonly string[], sent: readonly string[] | undefined) => {
    if (sent && stored.some((x) => !sent.includes(x))) narrowed.push({ path, message: M.invalidValue });
  };
  keeps('lots', before.lots, input.lots);
  keeps('serial_numbers', before.serialNumbers, input.serial_numbers);
  // An expiry range, once set, only moves outwards; a bound left open (null) stays open.
  const hadRange = Boolean(before.expiryFrom || before.expiryTo);
  if (hadRange && input.expiry_from && (!before.expiryFrom || input.expiry_from > before.expiryFrom)) narrowed.push({ path: 'expiry_from', message: M.invalidDate });
  if (hadRange && input.expiry_to && (!before.expiryTo || input.expiry_to < before.expiryTo)) narrowed.push({ path: 'expiry_to', message: M.invalidDate });
  const expiryFrom = input.expiry_from ?? before.expiryFrom;
  const expiryTo = input.expiry_to ?? before.expiryTo;
  if (!hadRange && expiryFrom && expiryTo && expiryFrom > expiryTo) {
    throw new AppError(400, API_ERRORS.VALIDATION_FAILED, 'The expiry range ends before it starts', [{ path: 'expiry_to', message: M.invalidDate }]);
  }
  if (narrowed.length) {
    throw new AppError(422, RECALL_ERRORS.NARROWING_REFUSED, 'A recall is widened or closed, never narrowed: keep every lot, serial number and expiry date it covers (close it and open another instead)', narrowed);
  }
  return {
    lots: input.lots ?? before.lots,
    serialNumbers: input.serial_numbers ?? before.serialNumbers,
    expiryFrom,
    expiryTo,
    reason: input.reason ?? before.reason,
    instructions: input.instructions ?? before.instructions,
  };
}

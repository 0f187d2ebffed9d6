// Which quotations a caller may see (their organisation's; staff their assigned organisations'),
// and the one answer for a quotation that cannot be ordered, given by the checkout's preview and by
// the placement's claim alike (field `quotation_id`, translated message key).
import type { SQL } from 'drizzle-orm';
import { CHECKOUT_ERRORS, MESSAGE_KEYS as M } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { AppError } from '../../errors';
import type { Column } from './column';
import { organisationScope } from './organisation';

/** Quotations belong to an organisation: a web-shop customer has none. */
export const quotationScope = (caller: Caller, column: Column): SQL => organisationScope(caller, column);

const refusal = (status: number, code: string, message: string, key: string) => new AppError(status, code, message, [{ path: 'quotation_id', message: key }]);

export const quotationNotFound = () => refusal(422, CHECKOUT_ERRORS.QUOTATION_NOT_FOUND, 'Quotation not found', M.quotationNotFound);
export const quotationNotAccepted = () => refusal(409, CHECKOUT_ERRORS.QUOTATION_NOT_ACCEPTED, 'Only an accepted quotation can be ordered', M.quotationNotAccepted);
export const quotationExpired = () => refusal(409, CHECKOUT_ERRORS.QUOTATION_EXPIRED, 'This quotation has expired', M.quotationExpired);
export const quotationOrdered = () => refusal(409, CHECKOUT_ERRORS.QUOTATION_ORDERED, 'This quotation has already been ordered', M.quotationOrdered);

/** A quotation as read for ordering: `expired` is its validity date having passed. */
export interface QuotationToOrder {
  status: string;
  order_id: string | null;
  expired: boolean;
}

/**
 * Throws the reason a quotation (null: none in the caller's scope) cannot be ordered: not found,
 * already ordered, expired, or not accepted (`unpriced`: a line still has no price).
 */
export function assertOrderable(row: QuotationToOrder | null | undefined, unpriced = false): asserts row is QuotationToOrder {
  if (!row) throw quotationNotFound();
  if (row.order_id !== null) throw quotationOrdered();
  if (row.status === 'expired' || (row.status === 'accepted' && row.expired)) throw quotationExpired();
  if (row.status !== 'accepted' || unpriced) throw quotationNotAccepted();
}

// The "customers only" guard: a provider employee is signed in, so they get a 403 with the area's
// own code (a 401 would send them round the sign-in loop); a visitor or anonymous session is asked
// to sign in. Each area names its codes; the shape of the refusal is decided here once.
import { API_ERRORS, CATALOG_ERRORS, CHECKOUT_ERRORS } from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../caller';
import { AppError } from '../../errors';

export interface Refusal {
  code: string;
  message: string;
}

const SIGN_IN: Refusal = { code: API_ERRORS.UNAUTHORIZED, message: 'Sign in to continue' };

/** The caller as a customer (with or without organisation); staff 403 `staff`, anyone else 401 `visitor`. */
export function requireCustomer(caller: Caller, staff: Refusal, visitor: Refusal = SIGN_IN): CustomerCaller {
  if (caller.kind === 'customer') return caller;
  if (caller.kind === 'staff') throw new AppError(403, staff.code, staff.message);
  throw new AppError(401, visitor.code, visitor.message);
}

/**
 * Placing an order and its preview: staff 403 CHECKOUT_CUSTOMERS_ONLY, everyone else 401
 * CATALOG_LOGIN_REQUIRED (the login-required dialog). Checked before the shop scope, whose refusal
 * of staff speaks of the contract range.
 */
export const requireOrderingCustomer = (caller: Caller): CustomerCaller =>
  requireCustomer(
    caller,
    { code: CHECKOUT_ERRORS.CUSTOMERS_ONLY, message: 'Only customer accounts can place orders' },
    { code: CATALOG_ERRORS.LOGIN_REQUIRED, message: 'Sign in to order' },
  );

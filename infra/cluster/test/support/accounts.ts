// The demo accounts the instances seed (SEED_DEMO=true), from the API's tooling export.
import { demoAccounts } from '@portal/api/tooling';

const accounts = demoAccounts();
export const DEMO_PASSWORD = accounts[0]!.password;
/** A contract buyer (the hospital's) who orders on account. */
export const HOSPITAL_BUYER = accounts.find((a) => a.email.startsWith('lucas.'))!.email;
/** The web-shop customer: orders wait for an online payment (payment expiry applies). */
export const WEBSHOP_BUYER = accounts.find((a) => a.organisation === null && a.role === 'buyer')!.email;
/** A buyer the rate-limit test guesses wrong passwords for (used nowhere else). */
export const POLICE_GUESSED = accounts.find((a) => a.email.startsWith('eva.'))!.email;
/** The supplier's case manager of the demo organisations: moves their orders on (and so issues invoices). */
export const CASE_MANAGER = accounts.find((a) => a.role === 'case_manager')!.email;

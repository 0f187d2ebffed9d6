// The demo organisations and accounts. Demo data only: seeded outside production by default.
import type { UserRole } from '@portal/shared/schemas';
import { DEMO_PUNCHOUT_USER } from '../modules/procurement/punchout/demo-user';

/** One password for every demo account, so that trying the roles is easy. */
export const DEMO_PASSWORD = 'DemoPortal!2025';

export interface DemoAccount {
  email: string;
  password: string;
  /** Role the access token will name. */
  role: UserRole;
  /** Organisation name, or null for provider staff. */
  organisation: string | null;
  firstName: string;
  lastName: string;
  function: string;
  /** Signs in in two steps (password, then a code: grant_type=code). */
  twoFactor?: boolean;
  /**
   * A second organisation the user also belongs to, with the same role (decision 057): the header
   * offers a switch. The sign-in starts in `organisation`, joined first.
   */
  alsoMemberOf?: string;
}

export const HOSPITAL = 'Zorggroep Scheldeland';
export const POLICE = 'Interventie-eenheid Polder';
/** The demo web-shop customer's email (a buyer without an organisation). */
export const WEBSHOP_CUSTOMER = 'noor.maes@webshop-customer.example';
/** The hospital's punchout user: the demo procurement identities sign in as it (decision 052). */
export const PUNCHOUT_USER = DEMO_PUNCHOUT_USER;
/** The demo buyer who is a member of both demo organisations (decision 057). */
export const MULTI_ORGANISATION_BUYER = 'ines.dewitte@zorggroep-scheldeland.example';

const ACCOUNTS: DemoAccount[] = [
  { email: 'sophie.peeters@zorggroep-scheldeland.example', password: DEMO_PASSWORD, role: 'admin', organisation: HOSPITAL, firstName: 'Sophie', lastName: 'Peeters', function: 'Head of purchasing' },
  { email: 'lucas.janssens@zorggroep-scheldeland.example', password: DEMO_PASSWORD, role: 'buyer', organisation: HOSPITAL, firstName: 'Lucas', lastName: 'Janssens', function: 'Emergency department nurse manager' },
  { email: 'mark.devries@interventie-polder.example', password: DEMO_PASSWORD, role: 'admin', organisation: POLICE, firstName: 'Mark', lastName: 'de Vries', function: 'Logistics officer' },
  { email: 'eva.bakker@interventie-polder.example', password: DEMO_PASSWORD, role: 'buyer', organisation: POLICE, firstName: 'Eva', lastName: 'Bakker', function: 'Team medic' },
  { email: 'tom.visser@interventie-polder.example', password: DEMO_PASSWORD, role: 'buyer', organisation: POLICE, firstName: 'Tom', lastName: 'Visser', function: 'Quartermaster', twoFactor: true },
  { email: 'an.claes@portal-supplier.example', password: DEMO_PASSWORD, role: 'case_manager', organisation: null, firstName: 'An', lastName: 'Claes', function: 'Case manager' },
  { email: 'pieter.willems@portal-supplier.example', password: DEMO_PASSWORD, role: 'sales_consultant', organisation: null, firstName: 'Pieter', lastName: 'Willems', function: 'Sales consultant' },
  // The hospital's procurement system (Ariba, SAP) signs in as this buyer through punchout (decision 052).
  { email: PUNCHOUT_USER, password: DEMO_PASSWORD, role: 'buyer', organisation: HOSPITAL, firstName: 'Procurement', lastName: 'Punchout', function: 'Procurement system (punchout)' },
  // A web-shop customer: no organisation, no contract; pays online at checkout.
  { email: WEBSHOP_CUSTOMER, password: DEMO_PASSWORD, role: 'buyer', organisation: null, firstName: 'Noor', lastName: 'Maes', function: 'Paramedic' },
  // One person in two organisations (issue 33): buys for the hospital and for the police unit, whose
  // contracts price the products they share differently. Last in the list: code that takes the first
  // buyer keeps taking Lucas.
  {
    email: MULTI_ORGANISATION_BUYER,
    password: DEMO_PASSWORD,
    role: 'buyer',
    organisation: HOSPITAL,
    alsoMemberOf: POLICE,
    firstName: 'Ines',
    lastName: 'Dewitte',
    function: 'Emergency medicine trainer',
  },
];

/** The demo accounts (the gateway prints them at start in development). */
export function demoAccounts(): DemoAccount[] {
  return ACCOUNTS.map((a) => ({ ...a }));
}

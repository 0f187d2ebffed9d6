// Which of the account's and the organisation's pages a signed-in person reaches from the header
// (decision 064): written once, read by the account menu and by the phone menu.
import { useAudience, useSession, type Audience } from '@portal/shared/session';

/** A page of the account menu: its path (without the locale) and the message that names it. */
export interface AccountLink {
  to: string;
  id: string;
}

/**
 * The pages under "My account", for who is signed in: everyone their profile; a contract customer's
 * user the contract and the organisation's order lists; an approver or administrator the orders
 * waiting for approval; an administrator the users, cost centres and approval rules; provider staff
 * the integration page. The API refuses the rest anyway; the menu offers only what will open.
 */
export function accountLinks(audience: Audience, role: string | undefined): AccountLink[] {
  if (audience === 'visitor') return [];
  const links: AccountLink[] = [{ to: '/user/info', id: 'nav.account.details' }];
  if (audience === 'staff') return [...links, { to: '/user/integration', id: 'title.integration' }];
  if (audience !== 'contract') return links;
  links.push({ to: '/user/contract', id: 'title.contract' }, { to: '/order-lists', id: 'nav.orderLists' });
  if (role === 'approver' || role === 'admin') links.push({ to: '/my-orders/approvals', id: 'title.approvals' });
  if (role === 'admin') {
    links.push({ to: '/user/users', id: 'title.users' }, { to: '/user/cost-centres', id: 'title.cost_centres' }, { to: '/user/approval-rules', id: 'title.approval_rules' });
  }
  return links;
}

/** The account's pages for the signed-in person (none for a visitor). */
export function useAccountLinks(): AccountLink[] {
  const audience = useAudience();
  const role = useSession((s) => s.claims?.role);
  return accountLinks(audience, role);
}

/** Which layout frames a page (spec section 2: auth, checkout, default, empty). */
export type LayoutName = 'auth' | 'checkout' | 'default' | 'empty';
/** Who may open a route (spec section 6: signed-in only, or open to everyone). */
export type Access = 'signed-in' | 'open';
/** Federation names of the remotes. */
export type RemoteName = 'auth' | 'catalog' | 'checkout' | 'orders' | 'account';

/** A first path segment (after the locale) that the shell hands to a remote. */
export interface RemoteMount {
  /** The first path segment, e.g. `my-orders`; the remote's routes below it are relative. */
  path: string;
  remote: RemoteName;
  layout: LayoutName;
  access: Access;
}

/**
 * The route table of ARCHITECTURE.md: who owns which first path segment. The shell mounts remotes
 * from it, and the gateway uses it (with SHELL_PATHS) to tell known pages from unknown ones.
 */
export const REMOTE_MOUNTS: readonly RemoteMount[] = [
  { path: 'auth', remote: 'auth', layout: 'auth', access: 'open' },
  { path: 'my-products', remote: 'catalog', layout: 'default', access: 'signed-in' },
  { path: 'products', remote: 'catalog', layout: 'default', access: 'open' },
  { path: 'quick-order', remote: 'catalog', layout: 'default', access: 'signed-in' },
  // An organisation's order lists (issue 33, decision 056): made from products, quick order and past orders.
  { path: 'order-lists', remote: 'catalog', layout: 'default', access: 'signed-in' },
  { path: 'checkout', remote: 'checkout', layout: 'checkout', access: 'open' },
  { path: 'my-orders', remote: 'orders', layout: 'default', access: 'signed-in' },
  { path: 'quotations', remote: 'orders', layout: 'default', access: 'signed-in' },
  { path: 'invoices', remote: 'orders', layout: 'default', access: 'signed-in' },
  { path: 'user', remote: 'account', layout: 'default', access: 'signed-in' },
  { path: 'contact', remote: 'account', layout: 'default', access: 'signed-in' },
  // Visitors sign up for the newsletter too (spec section 1); the footer links here.
  { path: 'newsletter', remote: 'account', layout: 'default', access: 'open' },
];

/** Pages the shell renders itself (public content), relative to the locale prefix. */
export const SHELL_PATHS = [
  'about',
  'example',
  'privacy-policy',
  'terms-and-conditions',
  'faq',
  'policies/refund-policy',
  'policies/return-policy',
  'policies/general-policy',
  'policies/privacy-policy',
  'policies/shipping-policy',
  'policies/cookie-policy',
] as const;

/** The mounts of one remote. */
export function mountsOf(remote: RemoteName): RemoteMount[] {
  return REMOTE_MOUNTS.filter((m) => m.remote === remote);
}

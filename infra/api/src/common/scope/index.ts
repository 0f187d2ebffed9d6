// Who may see which order, quotation, address and organisation, and who may administer an
// organisation or decide its approvals: the one place each rule is written (decisions 037, 060).
// Repositories build their WHERE clauses from these conditions; services refuse staff from
// customer areas with `requireCustomer`, and ask `requireAuthority` before what needs more.
export type { Column } from './column';
export { organisationScope } from './organisation';
export { orderScope, customerOrderScope, ORDER_ALIAS_O, type OrderColumns } from './orders';
export { addressBookScope, type BookOwner, type AddressColumns } from './address-book';
export { quotationScope, assertOrderable, quotationNotFound, quotationNotAccepted, quotationExpired, quotationOrdered, type QuotationToOrder } from './quotations';
export { requireCustomer, requireOrderingCustomer, type Refusal } from './customers-only';
export { invoiceScope, type InvoiceColumns } from './invoices';
export { integrationClientScope } from './integration';
export { orderListScope, mayManageOrderList, type OrderListColumns } from './order-lists';
export { hasAuthority, requireAuthority, roleHas, rolesWith, type Authority, type MemberCaller } from './authority';

import { pgEnum } from 'drizzle-orm/pg-core';

export const clientType = pgEnum('client_type', ['B2B', 'B2G']);
export const organisationType = pgEnum('organisation_type', ['medical', 'tactical', 'medical_and_tactical']);
/** Role of a customer user within one organisation. */
export const membershipRole = pgEnum('membership_role', ['admin', 'buyer']);
/** Role of a provider employee. */
export const staffRole = pgEnum('staff_role', ['case_manager', 'sales_consultant']);
export const addressType = pgEnum('address_type', ['billing', 'shipping']);
export const shop = pgEnum('shop', ['medical', 'tactical', 'both']);
export const productKind = pgEnum('product_kind', ['product', 'bundle']);
export const relationKind = pgEnum('relation_kind', ['related', 'recommended']);
export const contractStatus = pgEnum('contract_status', ['draft', 'active', 'expired']);
/** Order statuses of spec section 4. */
export const orderStatus = pgEnum('order_status', [
  'payment_pending',
  'payment_failed',
  'payment_cancelled',
  'payment_expired',
  'ordered',
  'processing',
  'to_be_shipped',
  'in_shipping',
  'delivered',
]);
export const quotationStatus = pgEnum('quotation_status', ['draft', 'sent']);
export const discountKind = pgEnum('discount_kind', ['percent', 'amount']);
export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sent', 'failed']);
export const codePurpose = pgEnum('code_purpose', ['login', 'email_verification', 'password_reset']);
export const redirectType = pgEnum('redirect_type', ['internal', 'external']);

// Database enums. Every value a client also sees is built from the shared constant of its schema,
// so the database and the API contract cannot drift; db/enums.test.ts compares these lists with
// pg_enum on a migrated database. The rest are the database's own (no client sees them as a list).
import { pgEnum } from 'drizzle-orm/pg-core';
import {
  ADDRESS_TYPES,
  CLIENT_TYPES,
  MEMBERSHIP_ROLES,
  ORDER_STATUSES,
  ORGANISATION_TYPES,
  PRODUCT_SHOPS,
  QUOTATION_STATUSES,
  REDIRECT_TYPES,
  STAFF_ROLES,
} from '@portal/shared/schemas';

export const clientType = pgEnum('client_type', CLIENT_TYPES);
export const organisationType = pgEnum('organisation_type', ORGANISATION_TYPES);
/** Role of a customer user within one organisation. */
export const membershipRole = pgEnum('membership_role', MEMBERSHIP_ROLES);
/** Role of a provider employee. */
export const staffRole = pgEnum('staff_role', STAFF_ROLES);
export const addressType = pgEnum('address_type', ADDRESS_TYPES);
/** Which public shops sell a product. */
export const shop = pgEnum('shop', PRODUCT_SHOPS);
export const productKind = pgEnum('product_kind', ['product', 'bundle']);
export const relationKind = pgEnum('relation_kind', ['related', 'recommended']);
export const contractStatus = pgEnum('contract_status', ['draft', 'active', 'expired']);
/** Order statuses of spec section 4. */
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const quotationStatus = pgEnum('quotation_status', QUOTATION_STATUSES);
export const discountKind = pgEnum('discount_kind', ['percent', 'amount']);
export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sent', 'failed']);
export const codePurpose = pgEnum('code_purpose', ['login', 'email_verification', 'password_reset', 'email_change']);
export const redirectType = pgEnum('redirect_type', REDIRECT_TYPES);

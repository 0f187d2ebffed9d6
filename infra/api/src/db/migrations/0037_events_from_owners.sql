-- Decision 066 (amends 051): the owners of orders, payments and quotations record their integration
-- events in their own transactions (modules/integration-events/outbox.ts), typed by the shared event
-- schema; the event logic leaves the database. The outbox's tables, sequences and feed stay as they
-- are. Other triggers (the catalogue's facet counts and change stamps) are untouched.
DROP TRIGGER IF EXISTS integration_events_order_status ON order_status_history;--> statement-breakpoint
DROP TRIGGER IF EXISTS integration_events_payment ON payments;--> statement-breakpoint
DROP TRIGGER IF EXISTS integration_events_refund ON payment_refunds;--> statement-breakpoint
DROP TRIGGER IF EXISTS integration_events_quotation ON quotation_history;--> statement-breakpoint
DROP FUNCTION IF EXISTS integration_events_order_status();--> statement-breakpoint
DROP FUNCTION IF EXISTS integration_events_payment();--> statement-breakpoint
DROP FUNCTION IF EXISTS integration_events_refund();--> statement-breakpoint
DROP FUNCTION IF EXISTS integration_events_quotation();--> statement-breakpoint
DROP FUNCTION IF EXISTS integration_events_publish(text, text, uuid, jsonb);

CREATE SEQUENCE "public"."integration_feed_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "integration_event_streams" (
	"aggregate_type" text NOT NULL,
	"aggregate_id" uuid NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "integration_event_streams_aggregate_type_aggregate_id_pk" PRIMARY KEY("aggregate_type","aggregate_id")
);
--> statement-breakpoint
CREATE TABLE "integration_events" (
	"position" bigserial PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"aggregate_type" text NOT NULL,
	"aggregate_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	"feed_position" bigint
);
--> statement-breakpoint
CREATE TABLE "integration_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_position" bigint NOT NULL,
	"aggregate_type" text NOT NULL,
	"aggregate_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"url" text NOT NULL,
	"event_types" text[] NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_webhook_deliveries" ADD CONSTRAINT "integration_webhook_deliveries_webhook_id_integration_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."integration_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_webhook_deliveries" ADD CONSTRAINT "integration_webhook_deliveries_event_position_integration_events_position_fk" FOREIGN KEY ("event_position") REFERENCES "public"."integration_events"("position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_webhooks" ADD CONSTRAINT "integration_webhooks_client_id_integration_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_events_id_uq" ON "integration_events" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_events_aggregate_seq_uq" ON "integration_events" USING btree ("aggregate_type","aggregate_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_events_feed_uq" ON "integration_events" USING btree ("feed_position");--> statement-breakpoint
CREATE INDEX "integration_events_unsequenced_idx" ON "integration_events" USING btree ("position") WHERE feed_position is null;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_webhook_deliveries_event_uq" ON "integration_webhook_deliveries" USING btree ("webhook_id","event_position");--> statement-breakpoint
CREATE INDEX "integration_webhook_deliveries_due_idx" ON "integration_webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "integration_webhook_deliveries_order_idx" ON "integration_webhook_deliveries" USING btree ("webhook_id","aggregate_type","aggregate_id","sequence");--> statement-breakpoint
CREATE INDEX "integration_webhooks_client_idx" ON "integration_webhooks" USING btree ("client_id");--> statement-breakpoint
-- Decision 051: the events are written by triggers, in the transaction of the change that caused
-- them, so an event exists exactly when its change was committed, whichever code path (placement,
-- staff, the payment webhook, the expiry job, a later module) wrote it. The functions below are the
-- integration-events module's; they read the changed row and the order's or quotation's number.
-- One aggregate's sequence comes from its integration_event_streams row, whose lock is held until
-- commit: a second transaction on the same order waits, so sequence order is commit order.
CREATE FUNCTION integration_events_publish(p_type text, p_aggregate_type text, p_aggregate_id uuid, p_payload jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_sequence integer;
  v_position bigint;
BEGIN
  INSERT INTO integration_event_streams AS s (aggregate_type, aggregate_id, last_sequence)
  VALUES (p_aggregate_type, p_aggregate_id, 1)
  ON CONFLICT (aggregate_type, aggregate_id) DO UPDATE SET last_sequence = s.last_sequence + 1
  RETURNING s.last_sequence INTO v_sequence;
  INSERT INTO integration_events (type, aggregate_type, aggregate_id, sequence, payload)
  VALUES (p_type, p_aggregate_type, p_aggregate_id, v_sequence, p_payload)
  RETURNING position INTO v_position;
  -- Fan-out to the webhooks that want this type, in the same transaction (nothing to catch up on).
  INSERT INTO integration_webhook_deliveries (webhook_id, event_position, aggregate_type, aggregate_id, sequence)
  SELECT w.id, v_position, p_aggregate_type, p_aggregate_id, v_sequence
  FROM integration_webhooks w
  WHERE w.deleted_at IS NULL AND p_type = ANY (w.event_types);
END $$;
--> statement-breakpoint
CREATE FUNCTION integration_events_order_status() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  o record;
  v_from text;
  v_first boolean;
  v_type text;
BEGIN
  SELECT number, organisation_id, total_cents, currency, external_reference INTO o FROM orders WHERE id = NEW.order_id;
  -- Staff moves leave from_status empty: the previous row says where the order came from.
  SELECT h.status::text INTO v_from FROM order_status_history h
   WHERE h.order_id = NEW.order_id AND h.id < NEW.id ORDER BY h.id DESC LIMIT 1;
  v_first := NOT FOUND;
  v_from := coalesce(NEW.from_status::text, v_from);
  IF NEW.status::text IN ('payment_cancelled', 'payment_expired') THEN
    v_type := 'order.cancelled';
  ELSIF NEW.status::text = 'payment_pending' AND v_first THEN
    v_type := 'order.awaiting_payment';
  ELSIF NEW.status::text NOT LIKE 'payment\_%' AND (v_first OR v_from LIKE 'payment\_%') THEN
    -- Placed: on the books (an invoice order at once, a web-shop order once paid).
    v_type := 'order.placed';
  ELSE
    v_type := 'order.status_changed';
  END IF;
  PERFORM integration_events_publish(v_type, 'order', NEW.order_id, jsonb_build_object(
    'order_id', NEW.order_id, 'order_number', o.number, 'organisation_id', o.organisation_id,
    'status', NEW.status, 'from_status', v_from, 'external_reference', o.external_reference,
    'total_cents', o.total_cents, 'currency', o.currency));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_events_order_status AFTER INSERT ON order_status_history
FOR EACH ROW EXECUTE FUNCTION integration_events_order_status();
--> statement-breakpoint
CREATE FUNCTION integration_events_payment() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_number text;
BEGIN
  SELECT number INTO v_number FROM orders WHERE id = NEW.order_id;
  PERFORM integration_events_publish(CASE WHEN NEW.status = 'paid' THEN 'payment.succeeded' ELSE 'payment.failed' END,
    'order', NEW.order_id, jsonb_build_object(
      'payment_id', NEW.id, 'order_id', NEW.order_id, 'order_number', v_number, 'status', NEW.status,
      'amount_cents', NEW.amount_cents, 'currency', NEW.currency));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_events_payment AFTER UPDATE OF status ON payments
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status <> 'pending')
EXECUTE FUNCTION integration_events_payment();
--> statement-breakpoint
CREATE FUNCTION integration_events_refund() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  IF NEW.status <> 'refunded' OR (TG_OP = 'UPDATE' AND OLD.status = 'refunded') THEN
    RETURN NULL;
  END IF;
  SELECT pay.order_id, o.number INTO p FROM payments pay JOIN orders o ON o.id = pay.order_id WHERE pay.id = NEW.payment_id;
  PERFORM integration_events_publish('payment.refunded', 'order', p.order_id, jsonb_build_object(
    'payment_id', NEW.payment_id, 'order_id', p.order_id, 'order_number', p.number, 'refund_id', NEW.id,
    'amount_cents', NEW.amount_cents, 'currency', NEW.currency));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_events_refund AFTER INSERT OR UPDATE OF status ON payment_refunds
FOR EACH ROW EXECUTE FUNCTION integration_events_refund();
--> statement-breakpoint
CREATE FUNCTION integration_events_quotation() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  q record;
BEGIN
  SELECT number, organisation_id, status, valid_until, order_id INTO q FROM quotations WHERE id = NEW.quotation_id;
  PERFORM integration_events_publish('quotation.' || NEW.event, 'quotation', NEW.quotation_id, jsonb_build_object(
    'quotation_id', NEW.quotation_id, 'quotation_number', q.number, 'organisation_id', q.organisation_id,
    'status', q.status, 'valid_until', q.valid_until, 'order_id', q.order_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A draft's edits stay the buyer's business; every other step (created, sent, answered, accepted,
-- expired, ordered) goes out.
CREATE TRIGGER integration_events_quotation AFTER INSERT ON quotation_history
FOR EACH ROW WHEN (NEW.event <> 'edited') EXECUTE FUNCTION integration_events_quotation();

CREATE TABLE "recall_customers" (
	"recall_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"units_received" integer NOT NULL,
	"told_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"units_on_hand" integer,
	"units_used" integer,
	"units_to_return" integer,
	CONSTRAINT "recall_customers_recall_id_user_id_pk" PRIMARY KEY("recall_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "recall_units" ADD COLUMN "found_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "recalls" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recalls" ADD COLUMN "corrected_by" text;--> statement-breakpoint
ALTER TABLE "recalls" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recalls" ADD COLUMN "closed_by" text;--> statement-breakpoint
ALTER TABLE "recalls" ADD COLUMN "closing_note" jsonb;--> statement-breakpoint
ALTER TABLE "recall_customers" ADD CONSTRAINT "recall_customers_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_customers" ADD CONSTRAINT "recall_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recall_customers_open_idx" ON "recall_customers" USING btree ("user_id") WHERE "recall_customers"."answered_at" is null;--> statement-breakpoint
-- The lines found before this migration were found when their recall opened.
UPDATE "recall_units" u SET "found_at" = r."opened_at" FROM "recalls" r WHERE r."id" = u."recall_id";

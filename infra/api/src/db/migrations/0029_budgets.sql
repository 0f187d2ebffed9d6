CREATE TABLE "budget_rules" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"over_budget" text DEFAULT 'refuse' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_centre_buyers" (
	"cost_centre_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "cost_centre_buyers_cost_centre_id_user_id_pk" PRIMARY KEY("cost_centre_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cost_centre_spending" (
	"cost_centre_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cost_centre_spending_cost_centre_id_period_start_pk" PRIMARY KEY("cost_centre_id","period_start"),
	CONSTRAINT "cost_centre_spending_spent_ck" CHECK ("cost_centre_spending"."spent_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cost_centres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"budget_cents" bigint NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_centres_budget_ck" CHECK ("cost_centres"."budget_cents" >= 0),
	CONSTRAINT "cost_centres_period_ck" CHECK ("cost_centres"."period" in ('month', 'quarter', 'year'))
);
--> statement-breakpoint
CREATE TABLE "order_cost_centres" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"cost_centre_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"period_start" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"given_back_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "budget_rules" ADD CONSTRAINT "budget_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_buyers" ADD CONSTRAINT "cost_centre_buyers_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_buyers" ADD CONSTRAINT "cost_centre_buyers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centre_spending" ADD CONSTRAINT "cost_centre_spending_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centres" ADD CONSTRAINT "cost_centres_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cost_centres" ADD CONSTRAINT "order_cost_centres_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cost_centres" ADD CONSTRAINT "order_cost_centres_cost_centre_id_cost_centres_id_fk" FOREIGN KEY ("cost_centre_id") REFERENCES "public"."cost_centres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_centre_buyers_user_idx" ON "cost_centre_buyers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centres_organisation_code_uq" ON "cost_centres" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "order_cost_centres_cost_centre_idx" ON "order_cost_centres" USING btree ("cost_centre_id","period_start");
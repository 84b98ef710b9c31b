CREATE TABLE "campaign_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"client_id" integer,
	"email" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"model_id" integer,
	"subject" text NOT NULL,
	"preview_text" text,
	"list_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"html" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_ck" CHECK ("campaigns"."status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "email_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_models_kind_ck" CHECK ("email_models"."kind" in ('standard', 'advanced'))
);
--> statement-breakpoint
CREATE TABLE "marketing_list_members" (
	"list_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_list_members_list_id_client_id_pk" PRIMARY KEY("list_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_lists_kind_ck" CHECK ("marketing_lists"."kind" in ('static', 'dynamic'))
);
--> statement-breakpoint
CREATE TABLE "marketing_opt_outs" (
	"shop_id" integer NOT NULL,
	"email" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"tracking_off_at" timestamp with time zone,
	"campaign_id" integer,
	CONSTRAINT "marketing_opt_outs_shop_id_email_pk" PRIMARY KEY("shop_id","email")
);
--> statement-breakpoint
CREATE TABLE "promo_code_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"client_id" integer,
	"amount_cents" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"product_ids" jsonb,
	"min_amount_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_client" integer,
	"typologies" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_ck" CHECK ("promo_codes"."kind" in ('percent', 'amount', 'freeShipping'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"points" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" integer,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"basis" text DEFAULT 'euro' NOT NULL,
	"points_per_unit" integer DEFAULT 1 NOT NULL,
	"levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "loyalty" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_model_id_email_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."email_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_models" ADD CONSTRAINT "email_models_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_list_members" ADD CONSTRAINT "marketing_list_members_list_id_marketing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."marketing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_lists" ADD CONSTRAINT "marketing_lists_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_lists" ADD CONSTRAINT "marketing_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_opt_outs" ADD CONSTRAINT "marketing_opt_outs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_email_uq" ON "campaign_recipients" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_token_uq" ON "campaign_recipients" USING btree ("token");--> statement-breakpoint
CREATE INDEX "campaign_recipients_status_idx" ON "campaign_recipients" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_shop_idx" ON "campaigns" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "email_models_shop_idx" ON "email_models" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "marketing_list_members_client_idx" ON "marketing_list_members" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "marketing_lists_shop_idx" ON "marketing_lists" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_uses_order_uq" ON "promo_code_uses" USING btree ("order_id","code_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_idx" ON "promo_code_uses" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_shop_code_uq" ON "promo_codes" USING btree ("shop_id","code");--> statement-breakpoint
CREATE INDEX "loyalty_ledger_client_idx" ON "loyalty_ledger" USING btree ("shop_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_ledger_source_uq" ON "loyalty_ledger" USING btree ("shop_id","source","source_id");
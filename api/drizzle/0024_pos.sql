CREATE TABLE "pos_closings" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"salespoint_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"number" integer NOT NULL,
	"ref" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_name" text NOT NULL,
	"session_id" integer,
	"totals" jsonb NOT NULL,
	"grand_total" bigint NOT NULL,
	"float" integer,
	"counted" jsonb,
	"expected" jsonb,
	"gap" integer
);
--> statement-breakpoint
CREATE TABLE "pos_journal" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"salespoint_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer,
	"ref" text NOT NULL,
	"content" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_salespoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"methods" jsonb NOT NULL,
	"typology" text,
	"receipt_header" text DEFAULT '' NOT NULL,
	"receipt_footer" text DEFAULT '' NOT NULL,
	"display" boolean DEFAULT false NOT NULL,
	"signing_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"salespoint_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" integer,
	"opened_by_name" text NOT NULL,
	"float" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_name" text,
	"closing_id" integer
);
--> statement-breakpoint
CREATE TABLE "pos_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"salespoint_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"number" integer NOT NULL,
	"ref" text NOT NULL,
	"kind" text NOT NULL,
	"refund_of" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"user_id" integer,
	"seller_name" text NOT NULL,
	"client_id" integer,
	"client_name" text,
	"lines" jsonb NOT NULL,
	"discount" integer NOT NULL,
	"total_ttc" integer NOT NULL,
	"total_ht" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"vat" jsonb NOT NULL,
	"payments" jsonb NOT NULL,
	"cash_given" integer,
	"change" integer DEFAULT 0 NOT NULL,
	"grand_total" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"offline_number" text,
	"offline_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pos_closings" ADD CONSTRAINT "pos_closings_salespoint_id_pos_salespoints_id_fk" FOREIGN KEY ("salespoint_id") REFERENCES "public"."pos_salespoints"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_journal" ADD CONSTRAINT "pos_journal_salespoint_id_pos_salespoints_id_fk" FOREIGN KEY ("salespoint_id") REFERENCES "public"."pos_salespoints"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_salespoints" ADD CONSTRAINT "pos_salespoints_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_salespoint_id_pos_salespoints_id_fk" FOREIGN KEY ("salespoint_id") REFERENCES "public"."pos_salespoints"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_tickets" ADD CONSTRAINT "pos_tickets_salespoint_id_pos_salespoints_id_fk" FOREIGN KEY ("salespoint_id") REFERENCES "public"."pos_salespoints"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_tickets" ADD CONSTRAINT "pos_tickets_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_tickets" ADD CONSTRAINT "pos_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_closings_number_uq" ON "pos_closings" USING btree ("salespoint_id","kind","number");--> statement-breakpoint
CREATE INDEX "pos_closings_period_idx" ON "pos_closings" USING btree ("salespoint_id","kind","period");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_journal_seq_uq" ON "pos_journal" USING btree ("salespoint_id","seq");--> statement-breakpoint
CREATE INDEX "pos_journal_ref_idx" ON "pos_journal" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "pos_salespoints_shop_idx" ON "pos_salespoints" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "pos_sessions_salespoint_idx" ON "pos_sessions" USING btree ("salespoint_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sessions_open_uq" ON "pos_sessions" USING btree ("salespoint_id") WHERE closed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_tickets_number_uq" ON "pos_tickets" USING btree ("salespoint_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_tickets_key_uq" ON "pos_tickets" USING btree ("shop_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "pos_tickets_session_idx" ON "pos_tickets" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "pos_tickets_day_idx" ON "pos_tickets" USING btree ("salespoint_id","day");--> statement-breakpoint
CREATE INDEX "pos_tickets_refund_idx" ON "pos_tickets" USING btree ("refund_of");
--> statement-breakpoint
ALTER TABLE "pos_salespoints" ADD CONSTRAINT "pos_salespoints_warehouse_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict;--> statement-breakpoint
-- A till's records are never changed nor deleted (CGI art. 286 I 3° bis: inalterability). A correction is a new
-- ticket; the chain of pos_journal finds any change made past these triggers.
CREATE OR REPLACE FUNCTION wz_pos_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wz_pos_immutable: a till record cannot be % ', lower(TG_OP) USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER wz_pos_ticket_immutable BEFORE UPDATE OR DELETE ON pos_tickets FOR EACH ROW EXECUTE FUNCTION wz_pos_immutable();--> statement-breakpoint
CREATE TRIGGER wz_pos_closing_immutable BEFORE UPDATE OR DELETE ON pos_closings FOR EACH ROW EXECUTE FUNCTION wz_pos_immutable();--> statement-breakpoint
CREATE TRIGGER wz_pos_journal_immutable BEFORE UPDATE OR DELETE ON pos_journal FOR EACH ROW EXECUTE FUNCTION wz_pos_immutable();

CREATE TABLE "shop_import_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb
);
--> statement-breakpoint
CREATE TABLE "shop_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer,
	"integration" text DEFAULT 'default' NOT NULL,
	"entity" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"rows" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"reverted_at" timestamp with time zone,
	CONSTRAINT "shop_imports_status_ck" CHECK ("shop_imports"."status" in ('pending', 'processing', 'completed', 'reverted', 'error'))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "checked_in_by" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_import_changes" ADD CONSTRAINT "shop_import_changes_import_id_shop_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."shop_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_imports" ADD CONSTRAINT "shop_imports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_imports" ADD CONSTRAINT "shop_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_import_changes_import_idx" ON "shop_import_changes" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "shop_imports_shop_idx" ON "shop_imports" USING btree ("shop_id","created_at");
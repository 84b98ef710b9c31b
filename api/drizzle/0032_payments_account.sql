ALTER TABLE "payments" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "approve_url" text;--> statement-breakpoint
-- the sandbox is only ever the platform's provider; an older Stripe payment keeps reading its shop's current account
UPDATE "payments" SET "account" = 'platform' WHERE "provider" = 'sandbox';

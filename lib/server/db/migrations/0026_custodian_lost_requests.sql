ALTER TABLE "custodian_payouts" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custodian_payouts" ADD COLUMN "unfound_passes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Requests made before this column may have reached the provider: they are only looked up from now on.
UPDATE "custodian_payouts" SET "requested_at" = "created_at";

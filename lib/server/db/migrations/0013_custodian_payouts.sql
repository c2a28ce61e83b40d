CREATE TABLE "custodian_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"batch_id" text,
	"provider_withdrawal_id" text,
	"status" text DEFAULT 'requesting' NOT NULL,
	"tx_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custodian_payouts_attempt" UNIQUE("withdrawal_id","attempt"),
	CONSTRAINT "custodian_payouts_external" UNIQUE("provider","external_id")
);
--> statement-breakpoint
ALTER TABLE "custodian_addresses" DROP CONSTRAINT "custodian_addresses_player";--> statement-breakpoint
ALTER TABLE "custodian_addresses" ADD COLUMN "generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "custodian_payments" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "custodian_payments" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "custodian_payouts" ADD CONSTRAINT "custodian_payouts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custodian_payouts_status_idx" ON "custodian_payouts" USING btree ("provider","status");--> statement-breakpoint
ALTER TABLE "custodian_addresses" ADD CONSTRAINT "custodian_addresses_player" UNIQUE("user_id","provider","currency","network","generation");--> statement-breakpoint
UPDATE "custodian_payments" SET "state" = CASE WHEN "credit_transaction_id" IS NOT NULL OR "status" IN ('finished', 'partially_paid') THEN 'credit' WHEN "status" IN ('failed', 'refunded', 'expired') THEN 'void' ELSE 'open' END;

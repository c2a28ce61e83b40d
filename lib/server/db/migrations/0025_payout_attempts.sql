CREATE TABLE "payout_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"raw_transaction" text NOT NULL,
	"tx_hash" text NOT NULL,
	"sent_block" numeric(20, 0),
	"status" text DEFAULT 'signed' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transactions_hash" UNIQUE("tx_hash")
);
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "status" SET DEFAULT 'live';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "release_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_transactions" ADD CONSTRAINT "payout_transactions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Each attempt's one signed transaction moves to the new table (sent once broadcast); attempts take
-- the new statuses (in flight → live, confirmed → paid).
INSERT INTO "payout_transactions" ("payout_id", "kind", "raw_transaction", "tx_hash", "status", "created_at")
  SELECT "id", 'transfer', "raw_transaction", "tx_hash", CASE WHEN "status" = 'signed' THEN 'signed' ELSE 'sent' END, "created_at" FROM "payouts";--> statement-breakpoint
UPDATE "payouts" SET "status" = CASE "status" WHEN 'signed' THEN 'live' WHEN 'broadcast' THEN 'live' WHEN 'confirmed' THEN 'paid' ELSE "status" END;--> statement-breakpoint
CREATE INDEX "payout_transactions_payout_idx" ON "payout_transactions" USING btree ("payout_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_live" ON "payouts" USING btree ("withdrawal_id") WHERE "payouts"."status" = 'live';--> statement-breakpoint
ALTER TABLE "payouts" DROP COLUMN "raw_transaction";--> statement-breakpoint
ALTER TABLE "payouts" DROP COLUMN "tx_hash";--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_nonce" UNIQUE("chain_id","signer","nonce");
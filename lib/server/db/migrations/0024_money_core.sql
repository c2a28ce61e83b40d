CREATE TABLE "domain_event_receipts" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_event_receipts_once" UNIQUE("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"aggregate" text NOT NULL,
	"sequence" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "domain_events_aggregate_sequence" UNIQUE("aggregate","sequence")
);
--> statement-breakpoint
CREATE TABLE "ledger_empty_postings" (
	"transaction_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_hours" (
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"wager" numeric(38, 0) DEFAULT 0 NOT NULL,
	"bonus_wager" numeric(38, 0) DEFAULT 0 NOT NULL,
	"win" numeric(38, 0) DEFAULT 0 NOT NULL,
	"deposit" numeric(38, 0) DEFAULT 0 NOT NULL,
	"returned" numeric(38, 0) DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_hours_user_id_currency_hour_pk" PRIMARY KEY("user_id","currency","hour")
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product" text NOT NULL,
	"game" text NOT NULL,
	"round_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"stake" numeric(38, 0) DEFAULT 0 NOT NULL,
	"payout" numeric(38, 0) DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"fairness" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_rounds_product_round" UNIQUE("product","round_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_player_non_negative";--> statement-breakpoint
ALTER TABLE "ledger_empty_postings" ADD CONSTRAINT "ledger_empty_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hours" ADD CONSTRAINT "usage_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_undelivered_idx" ON "domain_events" USING btree ("created_at") WHERE delivered_at IS NULL;--> statement-breakpoint
CREATE INDEX "game_rounds_user_idx" ON "game_rounds" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_player_non_negative" CHECK ("ledger_accounts"."house" IS NOT NULL OR "ledger_accounts"."kind" = 'receivable' OR "ledger_accounts"."balance" >= 0);--> statement-breakpoint
-- An empty posting is as final as the others: no update, delete or truncate.
CREATE TRIGGER ledger_empty_postings_append_only BEFORE UPDATE OR DELETE ON "ledger_empty_postings"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_empty_postings_no_truncate BEFORE TRUNCATE ON "ledger_empty_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
-- The hourly counters start from what the ledger already holds, so no limit forgets past play.
INSERT INTO "usage_hours" ("user_id", "currency", "hour", "wager", "bonus_wager", "win", "deposit", "returned")
SELECT a.user_id, e.currency, date_trunc('hour', t.created_at),
  coalesce(sum(-e.amount) FILTER (WHERE t.type = 'bet' AND e.amount < 0 AND a.kind IN ('available', 'withdraw_only')), 0),
  coalesce(sum(-e.amount) FILTER (WHERE t.type = 'bet' AND e.amount < 0 AND a.kind = 'bonus'), 0),
  coalesce(sum(e.amount) FILTER (WHERE (t.type = 'win' OR (t.type = 'bet' AND e.amount > 0)) AND a.kind IN ('available', 'withdraw_only', 'bonus', 'receivable')), 0),
  coalesce(sum(e.amount) FILTER (WHERE t.type = 'deposit' AND e.amount > 0), 0),
  coalesce(sum(e.amount) FILTER (WHERE t.type = 'reversal' AND e.amount > 0 AND a.kind IN ('available', 'withdraw_only', 'bonus')), 0)
FROM ledger_transactions t
JOIN ledger_entries e ON e.transaction_id = t.id
JOIN ledger_accounts a ON a.id = e.account_id
WHERE a.user_id IS NOT NULL AND t.user_id = a.user_id AND t.type IN ('deposit', 'bet', 'win', 'reversal')
GROUP BY a.user_id, e.currency, date_trunc('hour', t.created_at);

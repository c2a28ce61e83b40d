CREATE TABLE "fair_seeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"sealed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text,
	"nonce" integer DEFAULT 0 NOT NULL,
	"revealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	CONSTRAINT "fair_seeds_revealed_when_retired" CHECK ((state = 'retired') = (revealed IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "original_bets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"stake" numeric(38, 0) NOT NULL,
	"payout" numeric(38, 0) NOT NULL,
	"multiplier" text NOT NULL,
	"seed_id" uuid NOT NULL,
	"nonce" integer NOT NULL,
	"params" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"mapping_version" integer NOT NULL,
	"edge_bps" integer NOT NULL,
	"table_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "original_bets_draw" UNIQUE("seed_id","nonce"),
	CONSTRAINT "original_bets_key" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD CONSTRAINT "fair_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_bets" ADD CONSTRAINT "original_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "original_bets" ADD CONSTRAINT "original_bets_seed_id_fair_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fair_seeds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_one_active" ON "fair_seeds" USING btree ("user_id") WHERE state = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_one_next" ON "fair_seeds" USING btree ("user_id") WHERE state = 'next';--> statement-breakpoint
CREATE INDEX "fair_seeds_user_idx" ON "fair_seeds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "original_bets_created_idx" ON "original_bets" USING btree ("created_at");
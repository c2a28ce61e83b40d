CREATE TABLE "crash_bets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"round_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"currency" text NOT NULL,
	"stake" numeric(38, 0) NOT NULL,
	"auto_units" integer,
	"state" text DEFAULT 'open' NOT NULL,
	"cashed_units" integer,
	"payout" numeric(38, 0),
	"cashed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_bets_one_per_round" UNIQUE("round_id","user_id"),
	CONSTRAINT "crash_bets_key" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"length" integer NOT NULL,
	"terminating_hash" text NOT NULL,
	"edge_bps" integer NOT NULL,
	"salt" text,
	"salt_kind" text NOT NULL,
	"salt_height" integer,
	"seed_sealed" text NOT NULL,
	"checkpoints" jsonb NOT NULL,
	"next_game" integer DEFAULT 1 NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_chains_next" CHECK (next_game BETWEEN 1 AND length + 1)
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chain_id" uuid NOT NULL,
	"game" integer NOT NULL,
	"state" text DEFAULT 'betting' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sealed" text NOT NULL,
	"game_hash" text,
	"crash_units" integer,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_rounds_game" UNIQUE("chain_id","game")
);
--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_round_id_crash_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crash_bets_open" ON "crash_bets" USING btree ("round_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_chains_one_active" ON "crash_chains" USING btree ("active") WHERE active = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_one_live" ON "crash_rounds" USING btree ("chain_id") WHERE state IN ('betting', 'running');--> statement-breakpoint
CREATE INDEX "crash_rounds_recent" ON "crash_rounds" USING btree ("created_at");
-- Sportsbook bets (issue 42): a bet and its legs at the prices taken, and the book's liability
-- per selection and per player per event, kept under row locks.
CREATE TABLE "sports_bet_legs" (
	"bet_id" uuid NOT NULL,
	"leg" smallint NOT NULL,
	"event_id" bigint NOT NULL,
	"market_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"odds" integer NOT NULL,
	"result" text,
	CONSTRAINT "sports_bet_legs_bet_id_leg_pk" PRIMARY KEY("bet_id","leg")
);
--> statement-breakpoint
CREATE TABLE "sports_bets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"currency" text NOT NULL,
	"stake" numeric(38, 0) NOT NULL,
	"stake_real" numeric(38, 0) NOT NULL,
	"stake_bonus" numeric(38, 0) NOT NULL,
	"odds" bigint NOT NULL,
	"potential_return" numeric(38, 0) NOT NULL,
	"odds_rule" text NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"payout" numeric(38, 0) DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sports_bets_key" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sports_liabilities" (
	"key" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"cap" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_bet_id_sports_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sports_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_event_id_sports_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sports_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_market_id_sports_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."sports_markets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD CONSTRAINT "sports_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sports_bet_legs_market_idx" ON "sports_bet_legs" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "sports_bets_user_idx" ON "sports_bets" USING btree ("user_id","created_at");
CREATE TABLE "mines_games" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"currency" text NOT NULL,
	"stake" numeric(38, 0) NOT NULL,
	"mines" integer NOT NULL,
	"picks" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"payout" numeric(38, 0),
	"seed_id" uuid NOT NULL,
	"nonce" integer NOT NULL,
	"edge_bps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "mines_games_draw" UNIQUE("seed_id","nonce"),
	CONSTRAINT "mines_games_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "mines_games_count" CHECK (mines BETWEEN 1 AND 24),
	CONSTRAINT "mines_games_closed" CHECK ((state = 'open') = (closed_at IS NULL))
);
--> statement-breakpoint
ALTER TABLE "original_bets" ALTER COLUMN "idempotency_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mines_games" ADD CONSTRAINT "mines_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mines_games" ADD CONSTRAINT "mines_games_seed_id_fair_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fair_seeds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mines_games_one_open" ON "mines_games" USING btree ("user_id") WHERE state = 'open';
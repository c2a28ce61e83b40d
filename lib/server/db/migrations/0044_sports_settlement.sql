-- Sportsbook settlement (issue 42): an event's final score, a settled market's results per outcome,
-- and what each bet added to the liability rows (given back when it closes).
ALTER TABLE "sports_bets" ADD COLUMN "liability" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sports_events" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "sports_events" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sports_markets" ADD COLUMN "results" text[];
-- Sportsbook (issue 42): an event or a market suspended by risk staff, apart from the feed's own state.
ALTER TABLE "sports_events" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sports_markets" ADD COLUMN "held" boolean DEFAULT false NOT NULL;
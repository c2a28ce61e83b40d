-- Sportsbook live play (issue 42): the model a match is priced from, and its state in play.
ALTER TABLE "sports_events" ADD COLUMN "model" jsonb;--> statement-breakpoint
ALTER TABLE "sports_events" ADD COLUMN "live" jsonb;
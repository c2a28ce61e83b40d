-- What the aggregator's game list says of each title (issue 41): whether it plays it (or lists
-- it disabled, or not at all), its category there, and the RTP it states; null until a list is read.
ALTER TABLE "games" ADD COLUMN "aggregator_state" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "aggregator_category" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "aggregator_rtp" text;

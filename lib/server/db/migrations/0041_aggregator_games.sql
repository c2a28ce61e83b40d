-- What the aggregator's game list says of each title (issue 41): whether it plays it, its
-- category there, and the RTP it states; null until a list has been read.
ALTER TABLE "games" ADD COLUMN "aggregator_listed" boolean;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "aggregator_category" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "aggregator_rtp" text;

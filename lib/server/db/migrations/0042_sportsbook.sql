-- The sportsbook's events and markets (issue 42): the feed's events, each market's sources,
-- consensus fair probabilities and our odds.
CREATE TABLE "sports_events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"sport" text NOT NULL,
	"competition" text NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_markets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"line_quarters" integer DEFAULT 0 NOT NULL,
	"outcomes" text[] NOT NULL,
	"fair" double precision[] NOT NULL,
	"odds" integer[],
	"sources" jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"priced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sports_markets_event_kind" UNIQUE("event_id","kind","period","line_quarters")
);
--> statement-breakpoint
ALTER TABLE "sports_markets" ADD CONSTRAINT "sports_markets_event_id_sports_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sports_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sports_events_sport_idx" ON "sports_events" USING btree ("sport","starts_at");

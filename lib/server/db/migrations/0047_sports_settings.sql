CREATE TABLE "sports_settings" (
	"sport" text NOT NULL,
	"phase" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sports_settings_sport_phase_pk" PRIMARY KEY("sport","phase")
);

CREATE TABLE "payout_chains" (
	"network" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"genesis_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

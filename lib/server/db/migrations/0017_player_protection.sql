CREATE TABLE "player_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" integer,
	"pending_amount" integer,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_limits_one" UNIQUE("user_id","kind","period"),
	CONSTRAINT "player_limits_positive" CHECK ("player_limits"."amount" IS NULL OR "player_limits"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "scope" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restriction" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restricted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reality_check_minutes" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "from_withdraw_only" numeric(38, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_restriction_until" CHECK ("users"."restriction" IS NULL OR "users"."restriction" = 'closed' OR "users"."restricted_until" IS NOT NULL);
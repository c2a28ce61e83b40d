CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"user_id" uuid,
	"payload" jsonb NOT NULL,
	"key" text NOT NULL,
	"usd" numeric(24, 2),
	"requested_by" text NOT NULL,
	"requested_role" text NOT NULL,
	"approver_roles" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"note" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approvals_four_eyes" CHECK ("approvals"."decided_by" IS NULL OR ("approvals"."decided_by" <> "approvals"."requested_by" AND "approvals"."decided_by" <> 'token:automation') OR "approvals"."status" = 'cancelled')
);
--> statement-breakpoint
CREATE TABLE "player_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"details" jsonb,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "rate_snapshots" (
	"day" date NOT NULL,
	"symbol" text NOT NULL,
	"usd" numeric(30, 12) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_snapshots_day_symbol_pk" PRIMARY KEY("day","symbol")
);
--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_flags" ADD CONSTRAINT "player_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_request" ON "approvals" USING btree ("requested_by","kind","key");--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "approvals_user_idx" ON "approvals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_flags_signal" ON "player_flags" USING btree ("user_id","kind","source");--> statement-breakpoint
CREATE INDEX "player_flags_open_idx" ON "player_flags" USING btree ("opened_at") WHERE "player_flags"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sign_in_events_ip_idx" ON "sign_in_events" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_events_device_idx" ON "sign_in_events" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "deposits_sender_idx" ON "deposits" USING btree ("sender");--> statement-breakpoint
CREATE INDEX "withdrawals_address_idx" ON "withdrawals" USING btree (lower("address"));
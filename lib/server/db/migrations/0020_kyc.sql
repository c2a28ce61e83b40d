CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"file" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"details" jsonb,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_levels_one" UNIQUE("user_id","level"),
	CONSTRAINT "kyc_levels_level" CHECK ("kyc_levels"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_caps" (
	"level" integer PRIMARY KEY NOT NULL,
	"daily_usd" integer,
	"monthly_usd" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_levels" ADD CONSTRAINT "kyc_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_levels_status_idx" ON "kyc_levels" USING btree ("status","updated_at");--> statement-breakpoint
INSERT INTO "withdrawal_caps" ("level", "daily_usd", "monthly_usd") VALUES (0, 2000, 10000), (1, 10000, 50000), (2, 50000, 250000), (3, NULL, NULL) ON CONFLICT DO NOTHING;
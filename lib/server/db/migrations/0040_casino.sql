CREATE TABLE "casino_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"ref" text NOT NULL,
	"user_id" uuid NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"bets" numeric(38, 0) DEFAULT 0 NOT NULL,
	"wins" numeric(38, 0) DEFAULT 0 NOT NULL,
	"rolled_back" numeric(38, 0) DEFAULT 0 NOT NULL,
	"edge_bps" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"last_call_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"auth_session_id" uuid,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_bet_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "casino_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "casino_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"uuid" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"round_id" uuid,
	"currency" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"reference" text,
	"request_hash" text NOT NULL,
	"answer" jsonb,
	"tombstone" boolean DEFAULT false NOT NULL,
	"refused" boolean DEFAULT false NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "fun_mode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_sessions" ADD CONSTRAINT "casino_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_round_id_casino_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."casino_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_rounds_ref" ON "casino_rounds" USING btree ("provider","user_id","game_code","ref");--> statement-breakpoint
CREATE INDEX "casino_rounds_open" ON "casino_rounds" USING btree ("last_call_at") WHERE "casino_rounds"."state" = 'open';--> statement-breakpoint
CREATE INDEX "casino_sessions_live" ON "casino_sessions" USING btree ("user_id") WHERE "casino_sessions"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "casino_sessions_sign_in" ON "casino_sessions" USING btree ("auth_session_id") WHERE "casino_sessions"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_transactions_uuid" ON "casino_transactions" USING btree ("provider","uuid");--> statement-breakpoint
CREATE INDEX "casino_transactions_round" ON "casino_transactions" USING btree ("round_id");
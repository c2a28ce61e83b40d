CREATE SEQUENCE "public"."deposit_address_index" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"next_block" numeric(20, 0) NOT NULL,
	"head_block" numeric(20, 0) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"key_id" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_player" UNIQUE("user_id","family","key_id"),
	CONSTRAINT "deposit_addresses_address" UNIQUE("family","address"),
	CONSTRAINT "deposit_addresses_index" UNIQUE("family","key_id","derivation_index")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"network" text NOT NULL,
	"chain_id" integer NOT NULL,
	"currency" text NOT NULL,
	"address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_position" integer NOT NULL,
	"block_number" numeric(20, 0) NOT NULL,
	"block_hash" text NOT NULL,
	"on_chain_amount" numeric(78, 0) NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"remainder" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"credit_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_transfer" UNIQUE("chain_id","tx_hash","log_position")
);
--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_credit_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("credit_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("network","status");
CREATE TABLE "custodian_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"payment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custodian_addresses_player" UNIQUE("user_id","provider","currency","network"),
	CONSTRAINT "custodian_addresses_payment" UNIQUE("provider","payment_id")
);
--> statement-breakpoint
CREATE TABLE "custodian_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(38, 0),
	"credit_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custodian_payments_payment" UNIQUE("provider","payment_id")
);
--> statement-breakpoint
ALTER TABLE "custodian_addresses" ADD CONSTRAINT "custodian_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custodian_payments" ADD CONSTRAINT "custodian_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custodian_payments" ADD CONSTRAINT "custodian_payments_credit_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("credit_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;
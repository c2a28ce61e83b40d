ALTER TABLE "operator_alerts" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "operator_alerts" ADD COLUMN "resolution" text;
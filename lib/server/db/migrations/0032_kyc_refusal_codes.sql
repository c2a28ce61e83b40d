ALTER TABLE "kyc_documents" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "kyc_levels" ADD COLUMN "note" text;--> statement-breakpoint
-- A refusal written before the codes keeps its words as the note, under "other".
UPDATE "kyc_documents" SET "note" = "reason", "reason" = 'other' WHERE "reason" IS NOT NULL AND "reason" NOT IN ('blurred', 'expired', 'mismatch', 'other');--> statement-breakpoint
UPDATE "kyc_levels" SET "note" = "reason", "reason" = 'other' WHERE "reason" IS NOT NULL AND "reason" NOT IN ('blurred', 'expired', 'mismatch', 'other');--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reason" CHECK ("kyc_documents"."reason" in ('blurred', 'expired', 'mismatch', 'other'));--> statement-breakpoint
ALTER TABLE "kyc_levels" ADD CONSTRAINT "kyc_levels_reason" CHECK ("kyc_levels"."reason" in ('blurred', 'expired', 'mismatch', 'other'));

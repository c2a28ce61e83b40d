CREATE TABLE "notice_texts" (
	"notice_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	CONSTRAINT "notice_texts_notice_id_language_pk" PRIMARY KEY("notice_id","language")
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "audience_size" integer;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "notice_texts" ADD CONSTRAINT "notice_texts_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;
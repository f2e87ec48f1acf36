ALTER TABLE "conversation_members" ADD COLUMN "read_up_to" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_key" text;
ALTER TABLE "users" ADD COLUMN "signup_member_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_message" text;
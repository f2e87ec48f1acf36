CREATE TABLE "banned_emails" (
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banned_emails_site_id_email_pk" PRIMARY KEY("site_id","email")
);
--> statement-breakpoint
CREATE TABLE "banned_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_photo_id_photos_id_fk";
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "replied_by" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "status" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "photo_moderation" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "banned_emails" ADD CONSTRAINT "banned_emails_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banned_sessions" ADD CONSTRAINT "banned_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banned_sessions_user_idx" ON "banned_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photos_review_idx" ON "photos" USING btree ("created_at") WHERE "photos"."reviewed_at" is null;--> statement-breakpoint
-- Hand-written: photos that were public before photo review existed count as reviewed.
UPDATE "photos" SET "reviewed_at" = "created_at";
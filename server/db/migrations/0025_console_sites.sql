ALTER TABLE "discount_codes" ADD COLUMN "countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_signup_date_idx" ON "users" USING btree ("signup_date");--> statement-breakpoint
CREATE INDEX "users_activated_idx" ON "users" USING btree ("activated_at");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE paid_at is not null;
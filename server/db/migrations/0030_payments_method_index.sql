CREATE INDEX "payments_method_idx" ON "payments" USING btree ("method","created_at");--> statement-breakpoint
-- Hand-written: accounts confirmed before 0025 have no activated_at (the dashboard's "activations per day"). The best
-- evidence of when a member activated is the activation link they used (account_tokens.used_at, kept until the
-- retention run deletes used tokens); without it, the signup time: most members follow the link within minutes of
-- signing up, so the day is right for nearly everyone. Sessions and consents are no evidence (both start at signup).
UPDATE "users" AS u SET "activated_at" = coalesce(
  (SELECT min(t."used_at") FROM "account_tokens" t
    WHERE t."user_id" = u."id" AND t."kind" = 'activation' AND t."used_at" IS NOT NULL),
  u."signup_date")
WHERE u."email_confirmed" AND u."activated_at" IS NULL;

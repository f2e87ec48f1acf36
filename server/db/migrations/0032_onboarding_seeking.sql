ALTER TABLE "profiles" ADD COLUMN "seeking" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_filters" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "onboarded_at" = now();--> statement-breakpoint
UPDATE "profiles" SET "seeking" = CASE
  WHEN "sexuality" = 'bi' THEN 'both'
  WHEN "sexuality" IN ('gay', 'lesbian') THEN "gender"
  WHEN "sexuality" = 'hetero' THEN CASE WHEN "gender" = 'male' THEN 'female' ELSE 'male' END
END WHERE "sexuality" IS NOT NULL;

ALTER TABLE "photos" ADD COLUMN "variants" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "photos_variants_idx" ON "photos" USING btree ("variants");
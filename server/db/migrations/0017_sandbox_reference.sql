ALTER TABLE "sandbox_payments" ADD COLUMN "charged_back" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "reference" text;
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"sexuality" text NOT NULL,
	"birth_date" date NOT NULL,
	"country" text NOT NULL,
	"region_code" text NOT NULL,
	"city" text NOT NULL,
	"lat" real,
	"lon" real,
	"locale" text NOT NULL,
	"about_me" text DEFAULT '' NOT NULL,
	"hair_color" text,
	"eye_color" text,
	"body_type" text,
	"relationship_status" text,
	"tattoos" text,
	"height_cm" integer,
	"interests" text[] DEFAULT '{}' NOT NULL,
	"niches" integer[] DEFAULT '{1}'::integer[] NOT NULL,
	"is_fictional" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"kvk" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"tradenames" text[] DEFAULT '{}' NOT NULL,
	"vat_numbers" text[] DEFAULT '{}' NOT NULL,
	"support_phone" text NOT NULL,
	"delete_discount" integer DEFAULT 0 NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"niche" integer DEFAULT 1 NOT NULL,
	"index_title" text NOT NULL,
	"description" text NOT NULL,
	"domain_language" text DEFAULT 'en' NOT NULL,
	"mail_name" text NOT NULL,
	"support_email" text NOT NULL,
	"support_phone" text NOT NULL,
	"cdn_prefix" text DEFAULT '' NOT NULL,
	"message_credits" integer DEFAULT 10 NOT NULL,
	"photo_credits" integer DEFAULT 15 NOT NULL,
	"gift_credits" integer DEFAULT 20 NOT NULL,
	"signup_credits" integer DEFAULT 0 NOT NULL,
	"message_length" integer DEFAULT 1000 NOT NULL,
	"minimum_message_costs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"min_age" integer DEFAULT 18 NOT NULL,
	"refund_days" integer DEFAULT 14 NOT NULL,
	"enable_site_entry_popup" text DEFAULT 'yes' NOT NULL,
	"entry_popup_countries" text[] DEFAULT '{}' NOT NULL,
	"signups" text DEFAULT 'all' NOT NULL,
	"logged_out_search" text DEFAULT 'all' NOT NULL,
	"logged_out_search_trafficsource" text DEFAULT 'none' NOT NULL,
	"member_resell" boolean DEFAULT false NOT NULL,
	"visible_profile_fields" text[] DEFAULT '{}' NOT NULL,
	"visible_profile_notes" boolean DEFAULT false NOT NULL,
	"search_fields" text[] DEFAULT '{}' NOT NULL,
	"fictional_warning" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fictional_singular" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fictional_plural" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_events" ADD CONSTRAINT "page_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_profile_idx" ON "photos" USING btree ("profile_id","position");--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("status","gender","country","birth_date");--> statement-breakpoint
CREATE INDEX "profiles_niches_idx" ON "profiles" USING gin ("niches");
CREATE TABLE "likes" (
	"liker_profile_id" integer NOT NULL,
	"liked_profile_id" integer NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'profile' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_liker_profile_id_liked_profile_id_pk" PRIMARY KEY("liker_profile_id","liked_profile_id")
);
--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_profile_id_profiles_id_fk" FOREIGN KEY ("liker_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_profile_id_profiles_id_fk" FOREIGN KEY ("liked_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_liked_idx" ON "likes" USING btree ("liked_profile_id","created_at");
CREATE TABLE "media_uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"room" text NOT NULL,
	"kind" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"width" integer,
	"height" integer,
	"thumbnail_name" text,
	"duration_ms" integer,
	"transcript" text,
	"transcript_status" text,
	"transcript_language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_uploads_size_check" CHECK ("media_uploads"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voice_renditions" (
	"upload_id" integer NOT NULL,
	"language" text NOT NULL,
	"transcript" text,
	"translation_failed" boolean DEFAULT false NOT NULL,
	"synth_webm" text,
	"synth_mp4" text,
	"synth_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_renditions_upload_id_language_pk" PRIMARY KEY("upload_id","language")
);
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_renditions" ADD CONSTRAINT "voice_renditions_upload_id_media_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."media_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_uploads_stored_name_key" ON "media_uploads" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "media_uploads_owner_idx" ON "media_uploads" USING btree ("owner_id");
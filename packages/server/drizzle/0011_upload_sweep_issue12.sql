ALTER TABLE "media_uploads" ADD COLUMN "sweep_kept_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "groups_image_idx" ON "groups" USING btree ("image") WHERE "groups"."image" is not null;--> statement-breakpoint
CREATE INDEX "media_uploads_unswept_idx" ON "media_uploads" USING btree ("created_at") WHERE "media_uploads"."sweep_kept_at" is null;--> statement-breakpoint
CREATE INDEX "media_uploads_thumbnail_name_idx" ON "media_uploads" USING btree ("thumbnail_name") WHERE "media_uploads"."thumbnail_name" is not null;--> statement-breakpoint
CREATE INDEX "messages_file_url_idx" ON "messages" USING btree ("file_url") WHERE "messages"."file_url" is not null;--> statement-breakpoint
CREATE INDEX "messages_audio_url_idx" ON "messages" USING btree ("audio_url") WHERE "messages"."audio_url" is not null;--> statement-breakpoint
CREATE INDEX "posts_content_url_idx" ON "posts" USING btree ("content_url") WHERE "posts"."content_url" is not null;--> statement-breakpoint
CREATE INDEX "users_profile_image_idx" ON "users" USING btree ("profile_image") WHERE "users"."profile_image" is not null;--> statement-breakpoint
CREATE INDEX "voice_renditions_synth_webm_idx" ON "voice_renditions" USING btree ("synth_webm") WHERE "voice_renditions"."synth_webm" is not null;--> statement-breakpoint
CREATE INDEX "voice_renditions_synth_mp4_idx" ON "voice_renditions" USING btree ("synth_mp4") WHERE "voice_renditions"."synth_mp4" is not null;
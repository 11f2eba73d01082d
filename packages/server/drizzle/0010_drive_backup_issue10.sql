CREATE TABLE "drive_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"refresh_token" text NOT NULL,
	"access_token" text,
	"access_expires_at" timestamp with time zone,
	"folder_id" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_backup_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drive_backed_up_files" (
	"upload_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"drive_file_id" text NOT NULL,
	"backed_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_accounts" ADD CONSTRAINT "drive_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_backed_up_files" ADD CONSTRAINT "drive_backed_up_files_upload_id_media_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."media_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_backed_up_files" ADD CONSTRAINT "drive_backed_up_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_oauth_states" ADD CONSTRAINT "drive_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_backed_up_files_user_idx" ON "drive_backed_up_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "drive_oauth_states_created_idx" ON "drive_oauth_states" USING btree ("created_at");
CREATE TABLE "link_previews" (
	"url" text PRIMARY KEY NOT NULL,
	"preview" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link_preview" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mentions" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "link_previews" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "link_previews_expires_at_idx" ON "link_previews" USING btree ("expires_at");
ALTER TABLE "reports" ADD COLUMN "post_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_post_id_idx" ON "reports" USING btree ("post_id") WHERE "reports"."post_id" is not null;
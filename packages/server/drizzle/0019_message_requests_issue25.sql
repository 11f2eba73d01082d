CREATE TABLE "message_requests" (
	"room_name" text PRIMARY KEY NOT NULL,
	"requester_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "message_requests_state_check" CHECK ("message_requests"."state" in ('pending', 'accepted', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "message_requests" ADD CONSTRAINT "message_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_requests" ADD CONSTRAINT "message_requests_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_requests_requester_id_idx" ON "message_requests" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "message_requests_receiver_id_idx" ON "message_requests" USING btree ("receiver_id");
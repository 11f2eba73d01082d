CREATE TABLE "chat_mutes" (
	"user_id" integer NOT NULL,
	"room" text NOT NULL,
	"muted_until" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_mutes_user_id_room_pk" PRIMARY KEY("user_id","room")
);
--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
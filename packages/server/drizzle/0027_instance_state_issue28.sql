CREATE TABLE "active_calls" (
	"room" text PRIMARY KEY NOT NULL,
	"call_type" text NOT NULL,
	"caller_id" integer NOT NULL,
	"connected_at" timestamp with time zone,
	"last_signal_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_sockets" (
	"instance_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_sockets_instance_id_user_id_pk" PRIMARY KEY("instance_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speech_answers" (
	"message_id" integer NOT NULL,
	"language" text NOT NULL,
	"answer" jsonb NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speech_answers_message_id_language_pk" PRIMARY KEY("message_id","language")
);
--> statement-breakpoint
CREATE TABLE "typing_states" (
	"room" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"instance_id" text NOT NULL,
	"username" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "typing_states_room_user_id_kind_pk" PRIMARY KEY("room","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "open_sockets" ADD CONSTRAINT "open_sockets_instance_id_server_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."server_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speech_answers" ADD CONSTRAINT "speech_answers_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_sockets_user_idx" ON "open_sockets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "speech_answers_made_at_idx" ON "speech_answers" USING btree ("made_at");--> statement-breakpoint
CREATE INDEX "typing_states_instance_idx" ON "typing_states" USING btree ("instance_id","user_id");
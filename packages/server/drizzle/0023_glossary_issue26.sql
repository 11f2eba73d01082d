CREATE TABLE "never_translated_words" (
	"user_id" integer NOT NULL,
	"word_key" text NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "never_translated_words_user_id_word_key_pk" PRIMARY KEY("user_id","word_key")
);
--> statement-breakpoint
ALTER TABLE "never_translated_words" ADD CONSTRAINT "never_translated_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
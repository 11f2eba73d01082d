CREATE TABLE "fanout_spill" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fanout_spill_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fanout_spill_created_idx" ON "fanout_spill" USING btree ("created_at");
CREATE TABLE "translation_usage" (
	"engine" text NOT NULL,
	"day" date NOT NULL,
	"characters" bigint DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "translation_usage_engine_day_pk" PRIMARY KEY("engine","day")
);

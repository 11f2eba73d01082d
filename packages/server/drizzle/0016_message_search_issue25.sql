-- Message search (issue 25). A language code's text search configuration: PostgreSQL's
-- stemming configuration for the language where one ships with every supported version
-- (15 and later, PGlite included), 'simple' otherwise. Kept equal to
-- src/chat/search/searchConfigs.ts (test/messageSearch.test.ts compares them).
CREATE FUNCTION message_search_config(language text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE language
    WHEN 'ar' THEN 'arabic'::regconfig
    WHEN 'hy' THEN 'armenian'::regconfig
    WHEN 'eu' THEN 'basque'::regconfig
    WHEN 'ca' THEN 'catalan'::regconfig
    WHEN 'da' THEN 'danish'::regconfig
    WHEN 'nl' THEN 'dutch'::regconfig
    WHEN 'en' THEN 'english'::regconfig
    WHEN 'fi' THEN 'finnish'::regconfig
    WHEN 'fr' THEN 'french'::regconfig
    WHEN 'de' THEN 'german'::regconfig
    WHEN 'el' THEN 'greek'::regconfig
    WHEN 'hi' THEN 'hindi'::regconfig
    WHEN 'hu' THEN 'hungarian'::regconfig
    WHEN 'id' THEN 'indonesian'::regconfig
    WHEN 'ga' THEN 'irish'::regconfig
    WHEN 'it' THEN 'italian'::regconfig
    WHEN 'lt' THEN 'lithuanian'::regconfig
    WHEN 'ne' THEN 'nepali'::regconfig
    WHEN 'no' THEN 'norwegian'::regconfig
    WHEN 'nn' THEN 'norwegian'::regconfig
    WHEN 'pt' THEN 'portuguese'::regconfig
    WHEN 'ro' THEN 'romanian'::regconfig
    WHEN 'ru' THEN 'russian'::regconfig
    WHEN 'sr' THEN 'serbian'::regconfig
    WHEN 'es' THEN 'spanish'::regconfig
    WHEN 'sv' THEN 'swedish'::regconfig
    WHEN 'ta' THEN 'tamil'::regconfig
    WHEN 'tr' THEN 'turkish'::regconfig
    ELSE 'simple'::regconfig
  END
$$;
--> statement-breakpoint
-- The document: stemmed in the text's language, plus every word as written ('simple'), so a
-- reader of another language typing a word exactly as it stands still finds it.
CREATE FUNCTION message_search_vector(language text, body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector(message_search_config(language), body) || to_tsvector('simple'::regconfig, body)
$$;
--> statement-breakpoint
ALTER TABLE "message_translations" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (message_search_vector(language, text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (message_search_vector(original_language, original_message)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "message_translations_search_vector_idx" ON "message_translations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "messages_search_vector_idx" ON "messages" USING gin ("search_vector");

-- Search polish (issue 25, round two).
--
-- Accent folding: 'cafe' finds 'café', 'manana' finds 'mañana'. A text with any letter beyond
-- ASCII is decomposed (NFD), its combining diacritical marks (U+0300–U+036F) dropped, recomposed
-- (NFC), and the letters with a stroke that do not decompose (ø, đ, ł, ħ, ŧ, ı) replaced: for text
-- in NFC (what clients send) each letter becomes one letter, so the folded text keeps the
-- original's length and a word marked in it sits at the same offsets in the text the reader sees.
-- src/chat/search/searchFolding.ts folds the same way (test/messageSearchPolish.test.ts compares).
-- Not the unaccent extension: it changes lengths ('ß' → 'ss') and PGlite would have to load it on
-- every open. Not a translate() over every accented letter either: 35 times slower on inserts.
CREATE FUNCTION message_search_fold(body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN body ~ '[^[:ascii:]]'
    THEN translate(normalize(regexp_replace(normalize(body, NFD), '[\u0300-\u036f]', '', 'g'), NFC),
      'øØđĐłŁħĦŧŦı', 'oOdDlLhHtTi')
    ELSE body END
$$;
--> statement-breakpoint
-- The document of 0016 (stemmed in the text's language, plus every word as written), and the same
-- two again of the folded text when folding changed it. The stemming of each language is kept:
-- the text as written is still stemmed as before. One expression without FROM, so PostgreSQL
-- inlines it (folding three times costs less than a function call that could fold once).
CREATE OR REPLACE FUNCTION message_search_vector(language text, body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector(message_search_config(language), body) || to_tsvector('simple'::regconfig, body)
    || CASE WHEN message_search_fold(body) = body THEN ''::tsvector
       ELSE to_tsvector(message_search_config(language), message_search_fold(body))
         || to_tsvector('simple'::regconfig, message_search_fold(body)) END
$$;
--> statement-breakpoint
-- A file's name as words: 'Quarterly_report-2026.pdf' is 'quarterly', 'report', '2026', 'pdf'.
-- The separators become spaces, one for one (the repository marks the name the same way).
CREATE FUNCTION message_search_file_text(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(coalesce(name, ''), '._-()[]+,', '         ')
$$;
--> statement-breakpoint
CREATE FUNCTION message_search_file_vector(name text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN name IS NULL THEN ''::tsvector
    ELSE message_search_vector(NULL, message_search_file_text(name)) END
$$;
--> statement-breakpoint
-- Stored documents are computed when a row is written: dropping and adding the generated columns
-- makes them again with the new function (and drops their indexes, made again below).
ALTER TABLE "messages" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (message_search_vector(original_language, original_message) || message_search_file_vector(file_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "message_translations" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "message_translations" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (message_search_vector(language, text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (message_search_vector(transcript_language, coalesce(transcript, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_renditions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (message_search_vector(language, coalesce(transcript, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_search_vector_idx" ON "messages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "message_translations_search_vector_idx" ON "message_translations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "media_uploads_search_vector_idx" ON "media_uploads" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "voice_renditions_search_vector_idx" ON "voice_renditions" USING gin ("search_vector");--> statement-breakpoint
-- Link preview image cleanup (src/media/linkPreviewImageSweep.ts): whether a card shows an image.
CREATE INDEX "messages_link_preview_image_idx" ON "messages" USING btree (("link_preview" ->> 'image_url')) WHERE "messages"."link_preview" is not null;
--> statement-breakpoint
CREATE INDEX "link_previews_image_idx" ON "link_previews" USING btree (("preview" ->> 'image_url'));

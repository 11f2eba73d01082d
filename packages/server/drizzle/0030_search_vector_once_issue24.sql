-- The search document of 0021, made with its text folded once (issue 24, fan-out). A stored
-- generated column computes its expression on every insert, and there 0021's SQL function cost
-- several times what the same expression costs in a query: it asked for the folded text three
-- times (`message_search_fold`: a regular expression, two `normalize` and a `regexp_replace`) and
-- for the configuration twice. This body folds once and returns the same document for every text
-- (the same lexemes at the same positions: test/searchVectorOnce.test.ts compares it with 0021's
-- on texts in many scripts), so stored documents stay valid and nothing is recomputed. Inserting a
-- message or its translations costs the embedded database a quarter to a third less
-- (docs/performance.md, "Fan-out, round eight").
CREATE OR REPLACE FUNCTION message_search_vector(language text, body text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  config regconfig := message_search_config(language);
  folded text := message_search_fold(body);
BEGIN
  IF folded = body THEN
    RETURN to_tsvector(config, body) || to_tsvector('simple'::regconfig, body);
  END IF;
  -- Folding changed the text (or the text is null, when the document is null too). Grouped as
  -- 0021 grouped them: a word past 256 positions keeps a different set of them otherwise.
  RETURN (to_tsvector(config, body) || to_tsvector('simple'::regconfig, body))
    || (to_tsvector(config, folded) || to_tsvector('simple'::regconfig, folded));
END
$$;

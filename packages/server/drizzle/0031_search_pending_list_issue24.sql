-- The search indexes keep a short pending list (issue 24, fan-out). A GIN index gathers new
-- entries in a pending list and merges them into the index in the statement that takes the list
-- past gin_pending_list_limit (4 MB by default). On the embedded database that merge held its only
-- thread for 108–153 ms every ~9,800 messages, and as often for their translations: every send
-- waited behind it. At 64 kB (PostgreSQL's least) the merge comes every few statements and takes
-- a few milliseconds, for the same total cost, and a search scans a shorter unsorted list
-- (docs/performance.md, "Fan-out, round nine"). A storage parameter only: nothing is rebuilt, and
-- an existing pending list is merged by the next insert that finds it too long.
ALTER INDEX "messages_search_vector_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "message_translations_search_vector_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "media_uploads_search_vector_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "voice_renditions_search_vector_idx" SET (gin_pending_list_limit = 64);

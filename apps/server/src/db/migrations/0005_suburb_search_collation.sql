-- Prefix search on suburb names ('bo%') must be an index range scan. Under the database's default collation a
-- btree on search_name cannot serve LIKE prefixes, so the planner walked the index from the start and filtered.
-- search_name is lower-case ASCII, so byte ordering ("C") is also the right display order.
ALTER TABLE "suburbs" ALTER COLUMN "search_name" TYPE text COLLATE "C";

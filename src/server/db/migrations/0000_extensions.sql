-- btree_gist lets the no-double-booking EXCLUDE constraint compare staff ids with =;
-- pg_trgm gives patient search its trigram indexes. Both exist on PostgreSQL 15 and in PGlite.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;

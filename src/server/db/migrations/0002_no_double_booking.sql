-- The database, not application code, makes double booking impossible: two appointments of one
-- staff member that still hold their time (everything but CANCELLED) may not overlap. Ranges are
-- half-open, so back-to-back slots are allowed.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("staff_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&)
  WHERE ("status" <> 'CANCELLED');

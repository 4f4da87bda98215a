-- A bulk write of patients (a CSV import's batch, ADR 043) says so with carebook.bulk_patients
-- for its transaction, then writes the batch's search words and moves its clinic's number itself,
-- once per batch: the per-row triggers below cost most of an import's time at 1,000 rows a batch.
-- Everyone else's writes run them as before.
CREATE OR REPLACE FUNCTION "patient_search_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('carebook.bulk_patients', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "patient_search_words" WHERE "patient_id" = OLD."id";
  END IF;
  INSERT INTO "patient_search_words" ("patient_id", "word", "clinic_id", "last_name", "first_name")
  SELECT DISTINCT NEW."id", w."word", NEW."clinic_id", NEW."last_name", NEW."first_name"
  FROM unnest(string_to_array(NEW."search_text", ' ')) AS w("word")
  WHERE w."word" <> '';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "patient_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('carebook.bulk_patients', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version")
  SELECT c, 1 FROM unnest(array[OLD."clinic_id", NEW."clinic_id"]) AS c GROUP BY c ORDER BY c
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_clinic_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'patients' AND current_setting('carebook.bulk_patients', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version")
  SELECT DISTINCT c, 1 FROM unnest(array[
    (to_jsonb(OLD) ->> TG_ARGV[0])::uuid, (to_jsonb(NEW) ->> TG_ARGV[0])::uuid]) AS c
  WHERE c IS NOT NULL ORDER BY c
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;

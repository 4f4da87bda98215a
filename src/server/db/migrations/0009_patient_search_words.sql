CREATE TABLE "patient_search_words" (
	"patient_id" uuid NOT NULL,
	"word" text NOT NULL,
	"clinic_id" uuid NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	CONSTRAINT "patient_search_words_patient_id_word_pk" PRIMARY KEY("patient_id","word")
);
--> statement-breakpoint
ALTER TABLE "patient_search_words" ADD CONSTRAINT "patient_search_words_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_search_words_prefix_idx" ON "patient_search_words" USING btree ("clinic_id","word" text_pattern_ops,"last_name","first_name","patient_id");--> statement-breakpoint
-- Every patient's words, from scratch: after a bulk load with the trigger off, or here for the
-- patients already there. The trigger below splits one patient's text the same way.
CREATE FUNCTION "patient_search_words_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "patient_search_words";
  INSERT INTO "patient_search_words" ("patient_id", "word", "clinic_id", "last_name", "first_name")
  SELECT DISTINCT p."id", w."word", p."clinic_id", p."last_name", p."first_name"
  FROM "patients" p CROSS JOIN LATERAL unnest(string_to_array(p."search_text", ' ')) AS w("word")
  WHERE w."word" <> '';
$$;
--> statement-breakpoint
-- Written with the patient, in the same transaction, so a patient is found the moment they exist.
-- It reads only NEW: a query of patients here would be planned without the id and scan them all.
CREATE FUNCTION "patient_search_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER "patient_search_words_sync"
  AFTER INSERT OR UPDATE OF "clinic_id", "first_name", "last_name", "search_text" ON "patients"
  FOR EACH ROW EXECUTE FUNCTION "patient_search_words_sync"();
--> statement-breakpoint
SELECT "patient_search_words_rebuild"();

-- A page of the appointments list shows each appointment's history, patient, agent and clinic
-- slug; pages are reused while the clinic's number stands (ADR 008), so a change to any of these
-- moves it on too, not only a change to the appointment row (0008). Deferred to commit, like 0008.
CREATE FUNCTION "appointment_event_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version")
  SELECT a."clinic_id", 1 FROM "appointments" a
  WHERE a."id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."appointment_id" ELSE NEW."appointment_id" END
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointment_event_data_version" AFTER INSERT OR UPDATE OR DELETE ON "appointment_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "appointment_event_data_version"();
--> statement-breakpoint
CREATE TRIGGER "appointment_event_data_version_truncate" AFTER TRUNCATE ON "appointment_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "clinic_data_versions_truncated"();
--> statement-breakpoint
-- A patient's name, email, phone or source (or clinic) as the list shows them.
CREATE FUNCTION "patient_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version")
  SELECT c, 1 FROM unnest(array[OLD."clinic_id", NEW."clinic_id"]) AS c GROUP BY c ORDER BY c
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "patient_data_version" AFTER UPDATE ON "patients"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
        OR OLD."email" IS DISTINCT FROM NEW."email" OR OLD."phone" IS DISTINCT FROM NEW."phone"
        OR OLD."source" IS DISTINCT FROM NEW."source" OR OLD."clinic_id" IS DISTINCT FROM NEW."clinic_id")
  EXECUTE FUNCTION "patient_data_version"();
--> statement-breakpoint
-- An agent's name or email: every clinic they belong to, in one order so two such changes queue.
CREATE FUNCTION "user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version")
  SELECT m."clinic_id", 1 FROM "clinic_members" m WHERE m."user_id" = NEW."id" ORDER BY m."clinic_id"
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_data_version" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "user_data_version"();
--> statement-breakpoint
-- A clinic's slug, which every appointment of it shows.
CREATE FUNCTION "clinic_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version") VALUES (NEW."id", 1)
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "clinic_data_version" AFTER UPDATE ON "clinics"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."slug" IS DISTINCT FROM NEW."slug")
  EXECUTE FUNCTION "clinic_data_version"();

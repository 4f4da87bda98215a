CREATE TABLE "clinic_data_versions" (
	"clinic_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Every insert, change and delete of an appointment moves its clinic's number on (a move between
-- clinics, both). Deferred to commit, like the monthly counts: a reader that sees the new number
-- also sees the change. Its trigger name sorts before appointment_month_counts_*, so every
-- transaction takes the clinic's row first and those of one clinic queue instead of deadlocking.
CREATE FUNCTION "clinic_data_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version") VALUES (NEW."clinic_id", 1)
    ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."clinic_id" IS DISTINCT FROM NEW."clinic_id") THEN
    INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version") VALUES (OLD."clinic_id", 1)
    ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointment_data_version" AFTER INSERT OR UPDATE OR DELETE ON "appointments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "clinic_data_versions_bump"();
--> statement-breakpoint
-- A truncate empties every clinic at once: every number moves on.
CREATE FUNCTION "clinic_data_versions_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "clinic_data_versions" SET "version" = "version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointment_data_version_truncate" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "clinic_data_versions_truncated"();

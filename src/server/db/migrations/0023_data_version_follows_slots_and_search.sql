-- A clinic's slots for a day and its patient search answers are reused while the clinic's number
-- stands (ADR 025), as pages of the list are (0012). So the number now also follows what those
-- answers show: an agent's busy time wherever it was booked, their week and date overrides, the
-- public booking page's holds, an agent's active, role and time zone, who belongs to the clinic,
-- and which patients it has. Deferred to commit, like 0008 and 0012: a reader that sees the new
-- number also sees the change. Every function takes the clinics' rows in one order (by id), so
-- two transactions that move several clinics queue instead of deadlocking.

-- An appointment: its clinic (and its old one after a move), as before; and when the change moves
-- time its agent is busy, every clinic the agent belongs to, whose slots show that time even when
-- the booking was made at another clinic.
CREATE OR REPLACE FUNCTION "clinic_data_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  busy boolean := TG_OP <> 'UPDATE'
    OR OLD."start_at" IS DISTINCT FROM NEW."start_at" OR OLD."end_at" IS DISTINCT FROM NEW."end_at"
    OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."staff_id" IS DISTINCT FROM NEW."staff_id";
BEGIN
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version")
  SELECT c, 1 FROM (
    SELECT NEW."clinic_id" AS c
    UNION SELECT OLD."clinic_id"
    UNION SELECT m."clinic_id" FROM "clinic_members" m
      WHERE busy AND m."user_id" IN (OLD."staff_id", NEW."staff_id")
  ) AS touched
  WHERE c IS NOT NULL ORDER BY c
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every clinic of the agent named by the row's column TG_ARGV[0], before and after the change.
CREATE FUNCTION "agent_clinics_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version")
  SELECT DISTINCT m."clinic_id", 1 FROM "clinic_members" m
  WHERE m."user_id" IN ((to_jsonb(OLD) ->> TG_ARGV[0])::uuid, (to_jsonb(NEW) ->> TG_ARGV[0])::uuid)
  ORDER BY m."clinic_id"
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The clinic named by the row's column TG_ARGV[0], before and after the change.
CREATE FUNCTION "row_clinic_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version")
  SELECT DISTINCT c, 1 FROM unnest(array[
    (to_jsonb(OLD) ->> TG_ARGV[0])::uuid, (to_jsonb(NEW) ->> TG_ARGV[0])::uuid]) AS c
  WHERE c IS NOT NULL ORDER BY c
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_data_version" AFTER INSERT OR UPDATE OR DELETE ON "schedules"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "agent_clinics_data_version"('agent_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_override_data_version" AFTER INSERT OR UPDATE OR DELETE ON "schedule_overrides"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "agent_clinics_data_version"('agent_id');
--> statement-breakpoint
-- A hold blocks its agent's time at every clinic, like a booking (ADR 022). Its expiry is time,
-- which no number follows: a reused answer filters holds by their expiry at each request. Only a
-- hold that is or was open can change what slots show; and the hourly purge of holds that lapsed
-- a day ago (which block nothing) says so with carebook.purging_holds, so that it neither empties
-- every clinic's reuse nor takes their rows in its own order.
CREATE FUNCTION "online_booking_hold_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('carebook.purging_holds', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF NOT ((TG_OP <> 'DELETE' AND NEW."state" = 'open') OR (TG_OP <> 'INSERT' AND OLD."state" = 'open')) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "clinic_data_versions" AS v ("clinic_id", "version")
  SELECT DISTINCT m."clinic_id", 1 FROM "clinic_members" m
  WHERE m."user_id" IN (
    CASE WHEN TG_OP <> 'INSERT' THEN OLD."staff_id" END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW."staff_id" END)
  ORDER BY m."clinic_id"
  ON CONFLICT ("clinic_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "online_booking_hold_data_version" AFTER INSERT OR UPDATE OR DELETE ON "online_booking_holds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "online_booking_hold_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "clinic_member_data_version" AFTER INSERT OR UPDATE OR DELETE ON "clinic_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "row_clinic_data_version"('clinic_id');
--> statement-breakpoint
-- A new or removed patient changes the clinic's search answers (a changed one already moved it,
-- 0012; now also the date of birth, which the search shows).
CREATE CONSTRAINT TRIGGER "patient_added_data_version" AFTER INSERT OR DELETE ON "patients"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "row_clinic_data_version"('clinic_id');
--> statement-breakpoint
DROP TRIGGER "patient_data_version" ON "patients";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "patient_data_version" AFTER UPDATE ON "patients"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
        OR OLD."email" IS DISTINCT FROM NEW."email" OR OLD."phone" IS DISTINCT FROM NEW."phone"
        OR OLD."source" IS DISTINCT FROM NEW."source" OR OLD."clinic_id" IS DISTINCT FROM NEW."clinic_id"
        OR OLD."dob" IS DISTINCT FROM NEW."dob")
  EXECUTE FUNCTION "patient_data_version"();
--> statement-breakpoint
-- An agent who stops being bookable (active, role) or whose default hours move (time zone).
DROP TRIGGER "user_data_version" ON "users";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_data_version" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email"
        OR OLD."active" IS DISTINCT FROM NEW."active" OR OLD."role" IS DISTINCT FROM NEW."role"
        OR OLD."timezone" IS DISTINCT FROM NEW."timezone")
  EXECUTE FUNCTION "user_data_version"();

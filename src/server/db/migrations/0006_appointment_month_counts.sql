CREATE TABLE "appointment_month_counts" (
	"clinic_id" uuid NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"staff_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_month_counts_clinic_id_month_staff_id_status_pk" PRIMARY KEY("clinic_id","month","staff_id","status")
);
--> statement-breakpoint
-- Adds n to one (clinic, UTC month, agent, status) counter.
CREATE FUNCTION "appointment_month_counts_add"(p_clinic uuid, p_start timestamptz, p_staff uuid, p_status text, p_n integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "appointment_month_counts" AS c ("clinic_id", "month", "staff_id", "status", "n")
  VALUES (p_clinic, date_trunc('month', p_start, 'UTC'), p_staff, p_status, p_n)
  ON CONFLICT ("clinic_id", "month", "staff_id", "status") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
$$;
--> statement-breakpoint
-- Keeps the counters exact for every insert, delete and counted change of an appointment. A move
-- touches two counters; it takes them in key order, so two opposite moves cannot deadlock.
CREATE FUNCTION "appointment_month_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "appointment_month_counts_add"(NEW."clinic_id", NEW."start_at", NEW."staff_id", NEW."status", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "appointment_month_counts_add"(OLD."clinic_id", OLD."start_at", OLD."staff_id", OLD."status", -1);
  ELSIF (OLD."clinic_id", date_trunc('month', OLD."start_at", 'UTC'), OLD."staff_id", OLD."status")
      < (NEW."clinic_id", date_trunc('month', NEW."start_at", 'UTC'), NEW."staff_id", NEW."status") THEN
    PERFORM "appointment_month_counts_add"(OLD."clinic_id", OLD."start_at", OLD."staff_id", OLD."status", -1);
    PERFORM "appointment_month_counts_add"(NEW."clinic_id", NEW."start_at", NEW."staff_id", NEW."status", 1);
  ELSE
    PERFORM "appointment_month_counts_add"(NEW."clinic_id", NEW."start_at", NEW."staff_id", NEW."status", 1);
    PERFORM "appointment_month_counts_add"(OLD."clinic_id", OLD."start_at", OLD."staff_id", OLD."status", -1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deferred to commit: a booking holds its counter's row lock only while it commits, not for the
-- whole transaction, so bookings of one agent in one month barely queue on each other.
CREATE CONSTRAINT TRIGGER "appointment_month_counts_insert" AFTER INSERT ON "appointments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "appointment_month_counts_track"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointment_month_counts_delete" AFTER DELETE ON "appointments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "appointment_month_counts_track"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointment_month_counts_update" AFTER UPDATE ON "appointments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."clinic_id" IS DISTINCT FROM NEW."clinic_id"
        OR OLD."staff_id" IS DISTINCT FROM NEW."staff_id"
        OR OLD."status" IS DISTINCT FROM NEW."status"
        OR date_trunc('month', OLD."start_at", 'UTC') IS DISTINCT FROM date_trunc('month', NEW."start_at", 'UTC'))
  EXECUTE FUNCTION "appointment_month_counts_track"();
--> statement-breakpoint
-- Recounts everything from appointments: after a bulk load with the triggers off, and below.
CREATE FUNCTION "appointment_month_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "appointment_month_counts";
  INSERT INTO "appointment_month_counts" ("clinic_id", "month", "staff_id", "status", "n")
  SELECT "clinic_id", date_trunc('month', "start_at", 'UTC'), "staff_id", "status", count(*)::int
  FROM "appointments"
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
CREATE FUNCTION "appointment_month_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "appointment_month_counts";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointment_month_counts_truncate" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "appointment_month_counts_truncated"();
--> statement-breakpoint
SELECT "appointment_month_counts_rebuild"();

CREATE TABLE "appointment_report_days" (
	"clinic_id" uuid NOT NULL,
	"day" date NOT NULL,
	"staff_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"no_show" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"late_cancelled" integer DEFAULT 0 NOT NULL,
	"lead_minutes" bigint DEFAULT 0 NOT NULL,
	"booked_minutes" bigint DEFAULT 0 NOT NULL,
	"new_patients" integer DEFAULT 0 NOT NULL,
	"confirmed_after_reminder" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_report_days_clinic_id_day_staff_id_service_id_channel_pk" PRIMARY KEY("clinic_id","day","staff_id","service_id","channel")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "channel" text DEFAULT 'front_desk' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "first_visit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_after_reminder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "report_viewer_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_channel_check" CHECK ("appointments"."channel" in ('front_desk', 'online', 'self_service', 'fhir'));--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_report_viewer_roles_check" CHECK ("clinics"."report_viewer_roles" <@ '{staff,provider,nurse}'::text[]);--> statement-breakpoint
-- The stored facts of rows written before this migration (and of a bulk load with the triggers
-- off), worked out from their history: how each was booked, whether it was the patient's first,
-- whether its cancellation came inside the cut-off, whether a confirmation followed a reminder.
CREATE FUNCTION "appointment_report_facts_backfill"() RETURNS void LANGUAGE sql AS $$
  UPDATE "appointments" a SET
    "channel" = CASE
      WHEN a."source" = 'online' THEN 'online'
      WHEN a."created_by" IS NOT NULL THEN 'front_desk'
      WHEN EXISTS (SELECT 1 FROM "waitlist_offers" w WHERE w."appointment_id" = a."id") THEN 'self_service'
      ELSE 'fhir' END,
    "first_visit" = f."first",
    "late_cancel" = upper(a."status") = 'CANCELLED' AND coalesce((
      SELECT max(e."at") FROM "appointment_events" e
      WHERE e."appointment_id" = a."id" AND e."type" = 'CANCELLED'), a."updated_at")
      > a."start_at" - make_interval(hours => c."patient_change_cutoff_hours"),
    "confirmed_after_reminder" = EXISTS (
      SELECT 1 FROM "appointment_events" e JOIN "outbox" o
        ON o."appointment_id" = e."appointment_id" AND o."kind" = 'appointment.reminder'
       AND o."status" = 'sent' AND o."sent_at" <= e."at"
      WHERE e."appointment_id" = a."id" AND e."type" = 'CONFIRMED')
  FROM (SELECT "id", row_number() OVER (PARTITION BY "patient_id" ORDER BY "created_at", "start_at", "id") = 1 AS "first"
        FROM "appointments") f, "clinics" c
  WHERE f."id" = a."id" AND c."id" = a."clinic_id";
$$;
--> statement-breakpoint
-- Before the roll-up's triggers exist, so that the roll-up is counted once, below.
SELECT "appointment_report_facts_backfill"();
--> statement-breakpoint
-- What each row adds to the reports, stored on the row when it happens (ADR 052): a new patient's
-- first booking is known on insert, a late cancellation and a confirmation after a reminder when
-- the status changes. `updated_at` is the write path's now, so a test's clock decides as the
-- service's does.
CREATE FUNCTION "appointment_report_facts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."first_visit" := NOT EXISTS (
    SELECT 1 FROM "appointments" a WHERE a."patient_id" = NEW."patient_id" AND a."id" <> NEW."id");
  NEW."late_cancel" := false;
  NEW."confirmed_after_reminder" := false;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointment_report_facts_insert" BEFORE INSERT ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointment_report_facts_on_insert"();
--> statement-breakpoint
CREATE FUNCTION "appointment_report_facts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF upper(NEW."status") = 'CANCELLED' AND upper(OLD."status") <> 'CANCELLED' THEN
    -- Inside the clinic's cut-off: the hours before the start in which patients may no longer
    -- change online (clinics.patient_change_cutoff_hours), as the clinic's policy stood then.
    NEW."late_cancel" := NEW."updated_at" > NEW."start_at" - make_interval(hours => (
      SELECT c."patient_change_cutoff_hours" FROM "clinics" c WHERE c."id" = NEW."clinic_id"));
  ELSIF upper(NEW."status") <> 'CANCELLED' THEN
    NEW."late_cancel" := false;
  END IF;
  IF upper(NEW."status") = 'CONFIRMED' AND upper(OLD."status") <> 'CONFIRMED'
     AND NOT OLD."confirmed_after_reminder" THEN
    NEW."confirmed_after_reminder" := EXISTS (
      SELECT 1 FROM "outbox" o
      WHERE o."appointment_id" = NEW."id" AND o."kind" = 'appointment.reminder'
        AND o."status" = 'sent' AND o."sent_at" <= NEW."updated_at");
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointment_report_facts_update" BEFORE UPDATE OF "status" ON "appointments"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "appointment_report_facts_on_update"();
--> statement-breakpoint
-- One row's share of the roll-up, times n (1 to add it, -1 to take it away): a function of the
-- row and its clinic's zone alone.
CREATE FUNCTION "appointment_report_days_add"(r "appointments", n integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "appointment_report_days" AS d (
    "clinic_id", "day", "staff_id", "service_id", "channel", "booked", "attended", "no_show",
    "cancelled", "late_cancelled", "lead_minutes", "booked_minutes", "new_patients",
    "confirmed_after_reminder")
  SELECT r."clinic_id", (r."start_at" AT TIME ZONE c."timezone")::date, r."staff_id",
    coalesce(r."service_id", '00000000-0000-0000-0000-000000000000'::uuid), r."channel", n,
    n * (upper(r."status") = 'COMPLETED')::int,
    n * (upper(r."status") = 'NO_SHOW')::int,
    n * (upper(r."status") = 'CANCELLED')::int,
    n * (upper(r."status") = 'CANCELLED' AND r."late_cancel")::int,
    n * greatest(0, floor(extract(epoch FROM r."start_at" - r."created_at") / 60))::bigint,
    n * (CASE WHEN upper(r."status") IN ('CANCELLED', 'DISQUALIFIED') THEN 0
              ELSE extract(epoch FROM r."end_at" - r."start_at") / 60 END)::bigint,
    n * r."first_visit"::int,
    n * r."confirmed_after_reminder"::int
  FROM "clinics" c WHERE c."id" = r."clinic_id"
  ON CONFLICT ("clinic_id", "day", "staff_id", "service_id", "channel") DO UPDATE SET
    "booked" = d."booked" + EXCLUDED."booked",
    "attended" = d."attended" + EXCLUDED."attended",
    "no_show" = d."no_show" + EXCLUDED."no_show",
    "cancelled" = d."cancelled" + EXCLUDED."cancelled",
    "late_cancelled" = d."late_cancelled" + EXCLUDED."late_cancelled",
    "lead_minutes" = d."lead_minutes" + EXCLUDED."lead_minutes",
    "booked_minutes" = d."booked_minutes" + EXCLUDED."booked_minutes",
    "new_patients" = d."new_patients" + EXCLUDED."new_patients",
    "confirmed_after_reminder" = d."confirmed_after_reminder" + EXCLUDED."confirmed_after_reminder";
$$;
--> statement-breakpoint
-- Keeps the roll-up exact for every insert, delete and counted change. A change takes away the
-- old share and adds the new one, in key order (as the month counts do, 0006), so two opposite
-- moves cannot deadlock.
CREATE FUNCTION "appointment_report_days_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "appointment_report_days_add"(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "appointment_report_days_add"(OLD, -1);
  ELSIF (OLD."clinic_id", OLD."start_at", OLD."staff_id", coalesce(OLD."service_id", '00000000-0000-0000-0000-000000000000'::uuid), OLD."channel")
      <= (NEW."clinic_id", NEW."start_at", NEW."staff_id", coalesce(NEW."service_id", '00000000-0000-0000-0000-000000000000'::uuid), NEW."channel") THEN
    PERFORM "appointment_report_days_add"(OLD, -1);
    PERFORM "appointment_report_days_add"(NEW, 1);
  ELSE
    PERFORM "appointment_report_days_add"(NEW, 1);
    PERFORM "appointment_report_days_add"(OLD, -1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deferred to commit like the month counts: the roll-up's row lock is held only while committing.
CREATE CONSTRAINT TRIGGER "appointment_report_days_insert" AFTER INSERT ON "appointments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "appointment_report_days_track"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointment_report_days_delete" AFTER DELETE ON "appointments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "appointment_report_days_track"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointment_report_days_update" AFTER UPDATE ON "appointments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."clinic_id", OLD."staff_id", OLD."service_id", OLD."channel", OLD."status", OLD."start_at",
         OLD."end_at", OLD."created_at", OLD."first_visit", OLD."late_cancel", OLD."confirmed_after_reminder")
        IS DISTINCT FROM
        (NEW."clinic_id", NEW."staff_id", NEW."service_id", NEW."channel", NEW."status", NEW."start_at",
         NEW."end_at", NEW."created_at", NEW."first_visit", NEW."late_cancel", NEW."confirmed_after_reminder"))
  EXECUTE FUNCTION "appointment_report_days_track"();
--> statement-breakpoint
-- Recounts one clinic (all when null) from its rows: after a bulk load with the triggers off,
-- when a clinic's zone changes (its days are other days), and below.
CREATE FUNCTION "appointment_report_days_rebuild"(p_clinic uuid DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "appointment_report_days" WHERE p_clinic IS NULL OR "clinic_id" = p_clinic;
  INSERT INTO "appointment_report_days" (
    "clinic_id", "day", "staff_id", "service_id", "channel", "booked", "attended", "no_show",
    "cancelled", "late_cancelled", "lead_minutes", "booked_minutes", "new_patients",
    "confirmed_after_reminder")
  SELECT a."clinic_id", (a."start_at" AT TIME ZONE c."timezone")::date, a."staff_id",
    coalesce(a."service_id", '00000000-0000-0000-0000-000000000000'::uuid), a."channel",
    count(*)::int,
    count(*) FILTER (WHERE upper(a."status") = 'COMPLETED')::int,
    count(*) FILTER (WHERE upper(a."status") = 'NO_SHOW')::int,
    count(*) FILTER (WHERE upper(a."status") = 'CANCELLED')::int,
    count(*) FILTER (WHERE upper(a."status") = 'CANCELLED' AND a."late_cancel")::int,
    coalesce(sum(greatest(0, floor(extract(epoch FROM a."start_at" - a."created_at") / 60))), 0)::bigint,
    coalesce(sum(extract(epoch FROM a."end_at" - a."start_at") / 60)
      FILTER (WHERE upper(a."status") NOT IN ('CANCELLED', 'DISQUALIFIED')), 0)::bigint,
    count(*) FILTER (WHERE a."first_visit")::int,
    count(*) FILTER (WHERE a."confirmed_after_reminder")::int
  FROM "appointments" a JOIN "clinics" c ON c."id" = a."clinic_id"
  WHERE p_clinic IS NULL OR a."clinic_id" = p_clinic
  GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
CREATE FUNCTION "appointment_report_days_rezone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "appointment_report_days_rebuild"(NEW."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointment_report_days_clinic_zone" AFTER UPDATE OF "timezone" ON "clinics"
  FOR EACH ROW WHEN (OLD."timezone" IS DISTINCT FROM NEW."timezone")
  EXECUTE FUNCTION "appointment_report_days_rezone"();
--> statement-breakpoint
CREATE FUNCTION "appointment_report_days_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "appointment_report_days";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointment_report_days_truncate" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "appointment_report_days_truncated"();
--> statement-breakpoint
SELECT "appointment_report_days_rebuild"();

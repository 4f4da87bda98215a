-- The reports' roll-up by the clinic's week and month (ADR 052): the same sums as the days', kept
-- by the same triggers in the same transaction, so that a year of a network reads a fifth (weeks)
-- or a twentieth (months) of the day rows. A report reads whole weeks or months here and the days
-- of a period's cut first and last bucket from the days.
CREATE TABLE "appointment_report_periods" (
	"clinic_id" uuid NOT NULL,
	"granularity" text NOT NULL,
	"start" date NOT NULL,
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
	CONSTRAINT "appointment_report_periods_clinic_id_granularity_start_staff_id_service_id_channel_pk" PRIMARY KEY("clinic_id","granularity","start","staff_id","service_id","channel"),
	CONSTRAINT "appointment_report_periods_granularity_check" CHECK ("appointment_report_periods"."granularity" in ('week', 'month'))
);
--> statement-breakpoint
-- The first day of the week (Sunday, as the app's calendars) or month a clinic-local day is in:
-- date arithmetic only, so no session time zone takes part.
CREATE FUNCTION "report_period_start"(p_granularity text, p_day date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE p_granularity
    WHEN 'week' THEN p_day - extract(dow FROM p_day)::int
    ELSE p_day - extract(day FROM p_day)::int + 1 END;
$$;
--> statement-breakpoint
-- One row's share, times n, now added to its day, its week and its month. The week's and month's
-- rows are written in one statement in key order ('month' before 'week'), after the day's, so
-- every transaction takes the roll-up's row locks in the same order.
CREATE OR REPLACE FUNCTION "appointment_report_days_add"(r "appointments", n integer)
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
  INSERT INTO "appointment_report_periods" AS p (
    "clinic_id", "granularity", "start", "staff_id", "service_id", "channel", "booked",
    "attended", "no_show", "cancelled", "late_cancelled", "lead_minutes", "booked_minutes",
    "new_patients", "confirmed_after_reminder")
  SELECT r."clinic_id", g."granularity",
    "report_period_start"(g."granularity", (r."start_at" AT TIME ZONE c."timezone")::date),
    r."staff_id", coalesce(r."service_id", '00000000-0000-0000-0000-000000000000'::uuid),
    r."channel", n,
    n * (upper(r."status") = 'COMPLETED')::int,
    n * (upper(r."status") = 'NO_SHOW')::int,
    n * (upper(r."status") = 'CANCELLED')::int,
    n * (upper(r."status") = 'CANCELLED' AND r."late_cancel")::int,
    n * greatest(0, floor(extract(epoch FROM r."start_at" - r."created_at") / 60))::bigint,
    n * (CASE WHEN upper(r."status") IN ('CANCELLED', 'DISQUALIFIED') THEN 0
              ELSE extract(epoch FROM r."end_at" - r."start_at") / 60 END)::bigint,
    n * r."first_visit"::int,
    n * r."confirmed_after_reminder"::int
  FROM "clinics" c, (VALUES ('month'), ('week')) g("granularity")
  WHERE c."id" = r."clinic_id"
  ORDER BY g."granularity"
  ON CONFLICT ("clinic_id", "granularity", "start", "staff_id", "service_id", "channel") DO UPDATE SET
    "booked" = p."booked" + EXCLUDED."booked",
    "attended" = p."attended" + EXCLUDED."attended",
    "no_show" = p."no_show" + EXCLUDED."no_show",
    "cancelled" = p."cancelled" + EXCLUDED."cancelled",
    "late_cancelled" = p."late_cancelled" + EXCLUDED."late_cancelled",
    "lead_minutes" = p."lead_minutes" + EXCLUDED."lead_minutes",
    "booked_minutes" = p."booked_minutes" + EXCLUDED."booked_minutes",
    "new_patients" = p."new_patients" + EXCLUDED."new_patients",
    "confirmed_after_reminder" = p."confirmed_after_reminder" + EXCLUDED."confirmed_after_reminder";
$$;
--> statement-breakpoint
-- The weeks and months of one clinic (all when null) summed from its days.
CREATE FUNCTION "appointment_report_periods_rebuild"(p_clinic uuid DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "appointment_report_periods" WHERE p_clinic IS NULL OR "clinic_id" = p_clinic;
  INSERT INTO "appointment_report_periods" (
    "clinic_id", "granularity", "start", "staff_id", "service_id", "channel", "booked",
    "attended", "no_show", "cancelled", "late_cancelled", "lead_minutes", "booked_minutes",
    "new_patients", "confirmed_after_reminder")
  SELECT d."clinic_id", g."granularity", "report_period_start"(g."granularity", d."day"),
    d."staff_id", d."service_id", d."channel", sum(d."booked")::int, sum(d."attended")::int,
    sum(d."no_show")::int, sum(d."cancelled")::int, sum(d."late_cancelled")::int,
    sum(d."lead_minutes")::bigint, sum(d."booked_minutes")::bigint, sum(d."new_patients")::int,
    sum(d."confirmed_after_reminder")::int
  FROM "appointment_report_days" d, (VALUES ('month'), ('week')) g("granularity")
  WHERE p_clinic IS NULL OR d."clinic_id" = p_clinic
  GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
-- Recounts one clinic (all when null) from its rows: its days, then its weeks and months from them.
CREATE OR REPLACE FUNCTION "appointment_report_days_rebuild"(p_clinic uuid DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
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
  SELECT "appointment_report_periods_rebuild"(p_clinic);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointment_report_days_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "appointment_report_days";
  DELETE FROM "appointment_report_periods";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
SELECT "appointment_report_periods_rebuild"();

-- Push (issue 46, ADR 062): Carebook's appointments written into a staff member's CalDAV calendar.
-- Opt-in per calendar, patient names only when its owner allows; an iCalendar address cannot push.
ALTER TABLE "outside_calendars" ADD COLUMN "push_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outside_calendars" ADD COLUMN "push_patient_names" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outside_calendars" ADD COLUMN "last_pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outside_calendars" ADD COLUMN "last_push_error" text;--> statement-breakpoint
ALTER TABLE "outside_calendars" ADD COLUMN "last_push_conflict_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outside_calendars" ADD CONSTRAINT "outside_calendars_push_caldav_check" CHECK (NOT "outside_calendars"."push_enabled" OR "outside_calendars"."kind" = 'caldav');--> statement-breakpoint
CREATE INDEX "outside_calendars_push_idx" ON "outside_calendars" USING btree ("staff_id") WHERE "push_enabled";--> statement-breakpoint
CREATE TABLE "outside_calendar_push_queue" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outside_calendar_pushed_events" (
	"calendar_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"href" text NOT NULL,
	"etag" text,
	"pushed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "outside_calendar_pushed_events_pk" PRIMARY KEY("calendar_id","appointment_id")
);
--> statement-breakpoint
ALTER TABLE "outside_calendar_push_queue" ADD CONSTRAINT "outside_calendar_push_queue_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_calendar_pushed_events" ADD CONSTRAINT "outside_calendar_pushed_events_calendar_id_outside_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."outside_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_calendar_pushed_events" ADD CONSTRAINT "outside_calendar_pushed_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_calendar_push_queue_due_idx" ON "outside_calendar_push_queue" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "outside_calendar_pushed_events_appointment_idx" ON "outside_calendar_pushed_events" USING btree ("appointment_id");--> statement-breakpoint
-- The queue is derived data kept by a trigger (docs/architecture.md): every write of an
-- appointment, whichever way it came through the one write path (ADR 040), marks it for a push in
-- its own transaction when its agent pushes, or when it was pushed somewhere before (a reassign
-- or a cancel must take it off that calendar). One row per appointment: changes that come before
-- the worker does are pushed once, as the appointment then stands. `generation` tells the worker
-- a change came while it pushed; `due_at` NULL means due now (the app's clock sets retries).
-- It sends nothing: the push worker does, after the commit.
CREATE FUNCTION "queue_outside_calendar_push"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.staff_id IS NOT DISTINCT FROM OLD.staff_id
    AND NEW.start_at = OLD.start_at
    AND NEW.end_at = OLD.end_at
    AND NEW.status IS NOT DISTINCT FROM OLD.status
    AND NEW.service_id IS NOT DISTINCT FROM OLD.service_id
    AND NEW.patient_id IS NOT DISTINCT FROM OLD.patient_id
    AND NEW.clinic_id IS NOT DISTINCT FROM OLD.clinic_id THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM "outside_calendars" c WHERE c.staff_id = NEW.staff_id AND c.push_enabled)
    OR (TG_OP = 'UPDATE'
      AND EXISTS (SELECT 1 FROM "outside_calendar_pushed_events" p WHERE p.appointment_id = NEW.id)) THEN
    INSERT INTO "outside_calendar_push_queue" ("appointment_id") VALUES (NEW.id)
    ON CONFLICT ("appointment_id") DO UPDATE
      SET "generation" = "outside_calendar_push_queue"."generation" + 1,
          "due_at" = NULL, "attempts" = 0, "last_error" = NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_outside_calendar_push" AFTER INSERT OR UPDATE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "queue_outside_calendar_push"();

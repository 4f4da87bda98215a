CREATE TABLE "service_agents" (
	"service_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"duration_minutes" integer,
	CONSTRAINT "service_agents_service_id_agent_id_pk" PRIMARY KEY("service_id","agent_id"),
	CONSTRAINT "service_agents_duration_check" CHECK ("service_agents"."duration_minutes" is null or "service_agents"."duration_minutes" between 5 and 480)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"name" text NOT NULL,
	"durations" integer[] NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'video' NOT NULL,
	"location" text,
	"colour" text DEFAULT '#2563eb' NOT NULL,
	"offered_by_all" boolean DEFAULT true NOT NULL,
	"bookable_online" boolean DEFAULT false NOT NULL,
	"patients_allowed" text DEFAULT 'all' NOT NULL,
	"instructions" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_kind_check" CHECK ("services"."kind" in ('in_person', 'video', 'phone')),
	CONSTRAINT "services_patients_allowed_check" CHECK ("services"."patients_allowed" in ('all', 'new', 'existing')),
	CONSTRAINT "services_durations_check" CHECK (cardinality("services"."durations") between 1 and 8 and 5 <= all("services"."durations") and 480 >= all("services"."durations")),
	CONSTRAINT "services_buffers_check" CHECK ("services"."buffer_before_minutes" between 0 and 240 and "services"."buffer_after_minutes" between 0 and 240),
	CONSTRAINT "services_colour_check" CHECK ("services"."colour" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "services_default_active_check" CHECK (not ("services"."is_default" and "services"."archived_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "appointment_series" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "service_agents" ADD CONSTRAINT "service_agents_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agents" ADD CONSTRAINT "service_agents_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_agents_agent_idx" ON "service_agents" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "services_clinic_idx" ON "services" USING btree ("clinic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_default_key" ON "services" USING btree ("clinic_id") WHERE "services"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_key" ON "services" USING btree ("clinic_id",lower("name")) WHERE "services"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD CONSTRAINT "online_booking_holds_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_service_idx" ON "appointments" USING btree ("service_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_buffers_check" CHECK ("appointments"."buffer_before_minutes" between 0 and 240 and "appointments"."buffer_after_minutes" between 0 and 240);--> statement-breakpoint
-- Hand-written from here (ADR 044). The time an appointment or a hold keeps from everything else
-- of its agent: its own time widened by its buffers. Minutes are the same length in every zone,
-- so the result depends on its arguments alone and may be declared immutable, as an exclusion
-- constraint's expression must be (timestamptz − interval is only stable because of days and
-- months, which never occur here).
CREATE FUNCTION "blocked_range"(start_at timestamptz, end_at timestamptz, before_minutes integer, after_minutes integer)
  RETURNS tstzrange LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT tstzrange(start_at - make_interval(mins => before_minutes), end_at + make_interval(mins => after_minutes), '[)')
$$;
--> statement-breakpoint
-- Buffers never overlap each other: two neighbours keep the one's after-buffer and the other's
-- before-buffer both free (a room is cleaned, then made ready). The constraint compares blocked
-- ranges, so no path can book into a buffer.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("staff_id" WITH =, blocked_range("start_at", "end_at", "buffer_before_minutes", "buffer_after_minutes") WITH &&)
  WHERE ("status" <> 'CANCELLED');
--> statement-breakpoint
ALTER TABLE "online_booking_holds" DROP CONSTRAINT "online_booking_holds_no_overlap";
--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD CONSTRAINT "online_booking_holds_no_overlap"
  EXCLUDE USING gist ("staff_id" WITH =, blocked_range("start_at", "end_at", "buffer_before_minutes", "buffer_after_minutes") WITH &&)
  WHERE ("state" = 'open');
--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD CONSTRAINT "online_booking_holds_buffers_check"
  CHECK ("buffer_before_minutes" between 0 and 240 and "buffer_after_minutes" between 0 and 240);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "online_booking_hold_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state <> 'open' THEN
    RETURN NEW;
  END IF;
  PERFORM lock_agent_bookings(NEW.staff_id::text);
  IF EXISTS (
    SELECT 1 FROM appointments a
    WHERE a.staff_id = NEW.staff_id AND a.status <> 'CANCELLED'
      AND blocked_range(a.start_at, a.end_at, a.buffer_before_minutes, a.buffer_after_minutes)
        && blocked_range(NEW.start_at, NEW.end_at, NEW.buffer_before_minutes, NEW.buffer_after_minutes)
  ) THEN
    RAISE EXCLUSION_VIOLATION USING
      MESSAGE = 'the time is already booked',
      CONSTRAINT = 'online_booking_holds_no_overlap';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointment_online_hold_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'CANCELLED' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status <> 'CANCELLED' AND NEW.staff_id = OLD.staff_id
     AND NEW.start_at = OLD.start_at AND NEW.end_at = OLD.end_at
     AND NEW.buffer_before_minutes = OLD.buffer_before_minutes
     AND NEW.buffer_after_minutes = OLD.buffer_after_minutes THEN
    RETURN NEW;
  END IF;
  PERFORM lock_agent_bookings(NEW.staff_id::text);
  IF EXISTS (
    SELECT 1 FROM online_booking_holds h
    WHERE h.staff_id = NEW.staff_id AND h.state = 'open' AND h.expires_at > NEW.updated_at
      AND blocked_range(h.start_at, h.end_at, h.buffer_before_minutes, h.buffer_after_minutes)
        && blocked_range(NEW.start_at, NEW.end_at, NEW.buffer_before_minutes, NEW.buffer_after_minutes)
  ) THEN
    RAISE EXCLUSION_VIOLATION USING
      MESSAGE = 'the time is held for an online booking',
      CONSTRAINT = 'appointments_no_overlap';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Every clinic has one default service: what a booking without a service is, as bookings were
-- before services (a video visit, 30 minutes, the server's buffers). The buffers come from the
-- settings SLOT_BUFFER_BEFORE_MINUTES/SLOT_BUFFER_AFTER_MINUTES, which the migrator hands over as
-- carebook.slot_buffer_*; a database migrated without them gets none, as the defaults were.
INSERT INTO "services" ("clinic_id", "name", "durations", "buffer_before_minutes", "buffer_after_minutes", "kind", "is_default", "bookable_online")
SELECT c."id", 'Video visit', '{30,15,45,60}',
  coalesce(nullif(current_setting('carebook.slot_buffer_before_minutes', true), ''), '0')::integer,
  coalesce(nullif(current_setting('carebook.slot_buffer_after_minutes', true), ''), '0')::integer,
  'video', true, true
FROM "clinics" c;
--> statement-breakpoint
-- A clinic made later gets its default service in the same statement, however it is made (the
-- app, the seed, a test's SQL), so "every clinic has one" holds without anyone remembering it.
CREATE FUNCTION "clinic_default_service"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO services (clinic_id, name, durations, kind, is_default, bookable_online)
  VALUES (NEW.id, 'Video visit', '{30,15,45,60}', 'video', true, true);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clinics_default_service" AFTER INSERT ON "clinics"
  FOR EACH ROW EXECUTE FUNCTION "clinic_default_service"();
--> statement-breakpoint
-- A service's change changes the clinic's slots (lengths, buffers, who offers it): the clinic's
-- data version moves with it, so no reused answer outlives it (ADR 025). Who offers it is kept
-- in service_agents, which the app changes only together with its service's row.
CREATE CONSTRAINT TRIGGER "service_data_version" AFTER INSERT OR UPDATE OR DELETE ON "services"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "row_clinic_data_version"('clinic_id');

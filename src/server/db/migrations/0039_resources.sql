CREATE TABLE "resource_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_time_off_range_check" CHECK ("resource_time_off"."end_at" > "resource_time_off"."start_at")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'room' NOT NULL,
	"category" text NOT NULL,
	"weekly" jsonb,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_kind_check" CHECK ("resources"."kind" in ('room', 'equipment')),
	CONSTRAINT "resources_text_check" CHECK (length(btrim("resources"."name")) between 1 and 120 and length(btrim("resources"."category")) between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "resource_id" uuid;--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD COLUMN "resource_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "resource_category" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "resource_id" uuid;--> statement-breakpoint
-- (Moved up by hand: the composite keys below need this unique index first.)
CREATE UNIQUE INDEX "resources_id_clinic_key" ON "resources" USING btree ("id","clinic_id");--> statement-breakpoint
ALTER TABLE "resource_time_off" ADD CONSTRAINT "resource_time_off_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_time_off" ADD CONSTRAINT "resource_time_off_resource_fk" FOREIGN KEY ("resource_id","clinic_id") REFERENCES "public"."resources"("id","clinic_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_time_off_resource_idx" ON "resource_time_off" USING btree ("resource_id","start_at");--> statement-breakpoint
CREATE INDEX "resources_clinic_idx" ON "resources" USING btree ("clinic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_name_key" ON "resources" USING btree ("clinic_id",lower("name")) WHERE "resources"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_resource_fk" FOREIGN KEY ("resource_id","clinic_id") REFERENCES "public"."resources"("id","clinic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD CONSTRAINT "online_booking_holds_resource_fk" FOREIGN KEY ("resource_id","clinic_id") REFERENCES "public"."resources"("id","clinic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_resource_fk" FOREIGN KEY ("resource_id","clinic_id") REFERENCES "public"."resources"("id","clinic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_resource_start_idx" ON "appointments" USING btree ("resource_id","start_at") WHERE "appointments"."resource_id" is not null;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_resource_check" CHECK ("services"."resource_category" is null or "services"."resource_id" is null);--> statement-breakpoint
-- Hand-written from here (ADR 045). A resource is kept free for an appointment's whole blocked
-- range (its buffers included: the room is cleaned and made ready) by its own exclusion
-- constraint, so two bookings of the last free room give one winner whatever path wrote them.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_resource_no_overlap"
  EXCLUDE USING gist ("resource_id" WITH =, blocked_range("start_at", "end_at", "buffer_before_minutes", "buffer_after_minutes") WITH &&)
  WHERE ("status" <> 'CANCELLED' AND "resource_id" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD CONSTRAINT "online_booking_holds_resource_no_overlap"
  EXCLUDE USING gist ("resource_id" WITH =, blocked_range("start_at", "end_at", "buffer_before_minutes", "buffer_after_minutes") WITH &&)
  WHERE ("state" = 'open' AND "resource_id" IS NOT NULL);
--> statement-breakpoint
-- A resource's booking lock: queues the writes of holds and appointments that name it, so the
-- triggers between the two tables see each other's committed rows. Always taken after the
-- agent's (lock_agent_bookings), in both triggers, so two writes never wait on each other.
CREATE FUNCTION "lock_resource_bookings"(resource_id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(resource_id, 1045))
$$;
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
  IF NEW.resource_id IS NOT NULL THEN
    PERFORM lock_resource_bookings(NEW.resource_id::text);
    IF EXISTS (
      SELECT 1 FROM appointments a
      WHERE a.resource_id = NEW.resource_id AND a.status <> 'CANCELLED'
        AND blocked_range(a.start_at, a.end_at, a.buffer_before_minutes, a.buffer_after_minutes)
          && blocked_range(NEW.start_at, NEW.end_at, NEW.buffer_before_minutes, NEW.buffer_after_minutes)
    ) THEN
      RAISE EXCLUSION_VIOLATION USING
        MESSAGE = 'the resource is already booked',
        CONSTRAINT = 'online_booking_holds_resource_no_overlap';
    END IF;
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
     AND NEW.buffer_after_minutes = OLD.buffer_after_minutes
     AND NEW.resource_id IS NOT DISTINCT FROM OLD.resource_id THEN
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
  IF NEW.resource_id IS NOT NULL THEN
    PERFORM lock_resource_bookings(NEW.resource_id::text);
    IF EXISTS (
      SELECT 1 FROM online_booking_holds h
      WHERE h.resource_id = NEW.resource_id AND h.state = 'open' AND h.expires_at > NEW.updated_at
        AND blocked_range(h.start_at, h.end_at, h.buffer_before_minutes, h.buffer_after_minutes)
          && blocked_range(NEW.start_at, NEW.end_at, NEW.buffer_before_minutes, NEW.buffer_after_minutes)
    ) THEN
      RAISE EXCLUSION_VIOLATION USING
        MESSAGE = 'the resource is held for an online booking',
        CONSTRAINT = 'appointments_resource_no_overlap';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A resource's hours, time off and archiving change the clinic's slots: the clinic's data
-- version moves with them, so no reused answer outlives them (ADR 025).
CREATE CONSTRAINT TRIGGER "resource_data_version" AFTER INSERT OR UPDATE OR DELETE ON "resources"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "row_clinic_data_version"('clinic_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "resource_time_off_data_version" AFTER INSERT OR UPDATE OR DELETE ON "resource_time_off"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "row_clinic_data_version"('clinic_id');

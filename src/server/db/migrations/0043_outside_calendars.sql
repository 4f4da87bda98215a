CREATE TABLE "outside_busy_times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"calendar_id" uuid NOT NULL,
	"href" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"instance" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"during" "tstzrange" GENERATED ALWAYS AS (tstzrange(start_at, end_at)) STORED,
	CONSTRAINT "outside_busy_times_range_check" CHECK ("outside_busy_times"."end_at" > "outside_busy_times"."start_at")
);
--> statement-breakpoint
CREATE TABLE "outside_calendar_objects" (
	"calendar_id" uuid NOT NULL,
	"href" text NOT NULL,
	"etag" text,
	CONSTRAINT "outside_calendar_objects_calendar_id_href_pk" PRIMARY KEY("calendar_id","href")
);
--> statement-breakpoint
CREATE TABLE "outside_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"url_hint" text NOT NULL,
	"username" text,
	"password" text,
	"sync_token" text,
	"ctag" text,
	"etag" text,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"leased_until" timestamp with time zone,
	"busy_version" integer DEFAULT 0 NOT NULL,
	"busy_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outside_calendars_kind_check" CHECK ("outside_calendars"."kind" in ('caldav', 'ical-url')),
	CONSTRAINT "outside_calendars_name_check" CHECK (length(btrim("outside_calendars"."name")) between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "outside_busy_times" ADD CONSTRAINT "outside_busy_times_object_fk" FOREIGN KEY ("calendar_id","href") REFERENCES "public"."outside_calendar_objects"("calendar_id","href") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_calendar_objects" ADD CONSTRAINT "outside_calendar_objects_calendar_id_outside_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."outside_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_calendars" ADD CONSTRAINT "outside_calendars_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_busy_times_object_idx" ON "outside_busy_times" USING btree ("calendar_id","href");--> statement-breakpoint
CREATE INDEX "outside_calendars_staff_idx" ON "outside_calendars" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "outside_calendars_due_idx" ON "outside_calendars" USING btree ("last_attempt_at");
--> statement-breakpoint
-- The slot engine reads a staff member's busy times over a window: GiST over (staff, during),
-- as the bookings' exclusion constraint does (btree_gist, 0000).
CREATE INDEX "outside_busy_times_staff_during_idx" ON "outside_busy_times" USING gist ("staff_id", "during");
--> statement-breakpoint
-- Slot answers are reused while a clinic's data version stands (ADR 025): a sync that changes
-- busy times bumps busy_version once, and that moves every clinic of the calendar's owner.
CREATE CONSTRAINT TRIGGER "outside_calendar_data_version"
  AFTER INSERT OR DELETE OR UPDATE OF "busy_version" ON "outside_calendars"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "agent_clinics_data_version"('staff_id');

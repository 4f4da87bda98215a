CREATE TABLE "online_booking_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"email" text NOT NULL,
	"patient" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_booking_holds_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "online_booking_holds_state_check" CHECK ("online_booking_holds"."state" in ('open', 'confirmed', 'expired')),
	CONSTRAINT "online_booking_holds_range_check" CHECK ("online_booking_holds"."end_at" > "online_booking_holds"."start_at")
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_agent_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_durations" integer[] DEFAULT '{30}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_notice_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_horizon_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_intro" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_new_patients" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD CONSTRAINT "online_booking_holds_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD CONSTRAINT "online_booking_holds_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD CONSTRAINT "online_booking_holds_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_booking_holds_open_email_idx" ON "online_booking_holds" USING btree ("clinic_id","email") WHERE "online_booking_holds"."state" = 'open';--> statement-breakpoint
CREATE INDEX "online_booking_holds_staff_idx" ON "online_booking_holds" USING btree ("staff_id","start_at");--> statement-breakpoint
CREATE INDEX "online_booking_holds_ip_idx" ON "online_booking_holds" USING btree ("ip","created_at");--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_online_booking_policy_check" CHECK ("clinics"."online_booking_notice_hours" between 0 and 720 and "clinics"."online_booking_horizon_days" between 1 and 365
        and cardinality("clinics"."online_booking_durations") between 1 and 6
        and 5 <= all("clinics"."online_booking_durations") and 480 >= all("clinics"."online_booking_durations")
        and cardinality("clinics"."online_booking_agent_ids") <= 100
        and char_length(coalesce("clinics"."online_booking_intro", '')) <= 2000);--> statement-breakpoint
-- Open holds of one provider never overlap: of 200 patients asking for one time at once, one
-- gets it. An expired hold is marked so (by whoever next asks for that provider's time or with
-- that e-mail) before a new one goes in, so only live holds hold time.
ALTER TABLE "online_booking_holds" ADD CONSTRAINT "online_booking_holds_no_overlap"
  EXCLUDE USING gist ("staff_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&)
  WHERE ("state" = 'open');
--> statement-breakpoint
-- A hold and an appointment never share a provider's time. Each side takes the provider's
-- booking lock (the key of lockAgentBookings) and then looks at the other table, so two writes
-- that race are serialised and the second sees the first. An appointment is refused as the
-- no-overlap constraint refuses one (SQLSTATE 23P01), so every booking path answers as it does
-- for a double booking. A hold is live for an appointment written before it expires: the
-- appointment's updated_at is the time of the write, as the app's clock says.
CREATE FUNCTION "online_booking_hold_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state <> 'open' THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended(NEW.staff_id::text, 727));
  IF EXISTS (
    SELECT 1 FROM appointments a
    WHERE a.staff_id = NEW.staff_id AND a.status <> 'CANCELLED'
      AND tstzrange(a.start_at, a.end_at, '[)') && tstzrange(NEW.start_at, NEW.end_at, '[)')
  ) THEN
    RAISE EXCLUSION_VIOLATION USING
      MESSAGE = 'the time is already booked',
      CONSTRAINT = 'online_booking_holds_no_overlap';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "online_booking_holds_guard" BEFORE INSERT ON "online_booking_holds"
  FOR EACH ROW EXECUTE FUNCTION "online_booking_hold_guard"();
--> statement-breakpoint
CREATE FUNCTION "appointment_online_hold_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'CANCELLED' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status <> 'CANCELLED' AND NEW.staff_id = OLD.staff_id
     AND NEW.start_at = OLD.start_at AND NEW.end_at = OLD.end_at THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended(NEW.staff_id::text, 727));
  IF EXISTS (
    SELECT 1 FROM online_booking_holds h
    WHERE h.staff_id = NEW.staff_id AND h.state = 'open' AND h.expires_at > NEW.updated_at
      AND tstzrange(h.start_at, h.end_at, '[)') && tstzrange(NEW.start_at, NEW.end_at, '[)')
  ) THEN
    RAISE EXCLUSION_VIOLATION USING
      MESSAGE = 'the time is held for an online booking',
      CONSTRAINT = 'appointments_no_overlap';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_online_hold_guard" BEFORE INSERT OR UPDATE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointment_online_hold_guard"();

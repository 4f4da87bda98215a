CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid,
	"duration" integer NOT NULL,
	"window_from" date NOT NULL,
	"window_to" date NOT NULL,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"times_of_day" text[] DEFAULT '{}'::text[] NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"notes" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"appointment_id" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'booked', 'removed')),
	CONSTRAINT "waitlist_entries_priority_check" CHECK ("waitlist_entries"."priority" in ('normal', 'urgent')),
	CONSTRAINT "waitlist_entries_duration_check" CHECK ("waitlist_entries"."duration" > 0 and "waitlist_entries"."duration" <= 480),
	CONSTRAINT "waitlist_entries_window_check" CHECK ("waitlist_entries"."window_to" >= "waitlist_entries"."window_from"),
	CONSTRAINT "waitlist_entries_weekdays_check" CHECK ("waitlist_entries"."weekdays" <@ array[0, 1, 2, 3, 4, 5, 6]::integer[]),
	CONSTRAINT "waitlist_entries_times_check" CHECK ("waitlist_entries"."times_of_day" <@ array['morning', 'afternoon', 'evening']::text[])
);
--> statement-breakpoint
CREATE TABLE "waitlist_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"detail" text,
	"by_user_id" uuid,
	"by_name" text
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"token" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_status_check" CHECK ("waitlist_offers"."status" in ('open', 'accepted', 'declined', 'expired', 'taken', 'withdrawn')),
	CONSTRAINT "waitlist_offers_range_check" CHECK ("waitlist_offers"."end_at" > "waitlist_offers"."start_at")
);
--> statement-breakpoint
CREATE TABLE "waitlist_openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"source_appointment_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_openings_range_check" CHECK ("waitlist_openings"."end_at" > "waitlist_openings"."start_at"),
	CONSTRAINT "waitlist_openings_source_check" CHECK ("waitlist_openings"."source" in ('cancelled', 'rescheduled', 'hours')),
	CONSTRAINT "waitlist_openings_status_check" CHECK ("waitlist_openings"."status" in ('open', 'filled', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "waitlist_offers_at_once" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "waitlist_offer_hold_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_events" ADD CONSTRAINT "waitlist_events_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_events" ADD CONSTRAINT "waitlist_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_opening_id_waitlist_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."waitlist_openings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_source_appointment_id_appointments_id_fk" FOREIGN KEY ("source_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_clinic_status_idx" ON "waitlist_entries" USING btree ("clinic_id","status","window_to");--> statement-breakpoint
CREATE INDEX "waitlist_events_entry_idx" ON "waitlist_events" USING btree ("entry_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_token_key" ON "waitlist_offers" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_opening_entry_key" ON "waitlist_offers" USING btree ("opening_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_idx" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_expiry_idx" ON "waitlist_offers" USING btree ("expires_at") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_openings_source_idx" ON "waitlist_openings" USING btree ("source_appointment_id");--> statement-breakpoint
CREATE INDEX "waitlist_openings_clinic_idx" ON "waitlist_openings" USING btree ("clinic_id","start_at");--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_waitlist_policy_check" CHECK ("clinics"."waitlist_offers_at_once" between 1 and 10 and "clinics"."waitlist_offer_hold_minutes" between 5 and 10080);
CREATE TABLE "patient_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(coalesce("patients"."phone", ''), '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "preferred_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "address_line" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "record_number" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "preferred_language" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "contact_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_notes" ADD CONSTRAINT "patient_notes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_notes" ADD CONSTRAINT "patient_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_notes_patient_idx" ON "patient_notes" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_clinic_record_number_key" ON "patients" USING btree ("clinic_id",lower("record_number") text_pattern_ops) WHERE "patients"."record_number" is not null;--> statement-breakpoint
CREATE INDEX "patients_phone_digits_trgm_idx" ON "patients" USING gin ("phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_clinic_dob_idx" ON "patients" USING btree ("clinic_id","dob");--> statement-breakpoint
CREATE INDEX "patients_name_order_idx" ON "patients" USING btree ("last_name","first_name","id");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_gender_check" CHECK ("patients"."gender" in ('male', 'female', 'other', 'unknown'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_contact_channel_check" CHECK ("patients"."contact_channel" in ('email', 'sms', 'phone'));
CREATE TABLE "text_number_states" (
	"clinic_id" uuid NOT NULL,
	"number" text NOT NULL,
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_number_states_clinic_id_number_pk" PRIMARY KEY("clinic_id","number")
);
--> statement-breakpoint
CREATE TABLE "text_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_id" uuid,
	"from_number" text NOT NULL,
	"to_number" text,
	"body" text NOT NULL,
	"action" text NOT NULL,
	"outcome" text,
	"gateway" text NOT NULL,
	"gateway_message_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "text_replies_action_check" CHECK ("text_replies"."action" in ('confirm', 'link', 'stop', 'start', 'help', 'inbox'))
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "text_country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "quiet_hours_start" time DEFAULT '21:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "quiet_hours_end" time DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "text_number" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "source_outbox_id" bigint;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "to_number" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "gateway_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "text_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "text_consent_method" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "text_consent_by" uuid;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "text_kinds" text[] DEFAULT '{reminder,change}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "text_number_states" ADD CONSTRAINT "text_number_states_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_replies" ADD CONSTRAINT "text_replies_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_replies" ADD CONSTRAINT "text_replies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "text_replies_gateway_message_idx" ON "text_replies" USING btree ("gateway","gateway_message_id") WHERE "text_replies"."gateway_message_id" is not null;--> statement-breakpoint
CREATE INDEX "text_replies_patient_idx" ON "text_replies" USING btree ("patient_id","id");--> statement-breakpoint
CREATE INDEX "text_replies_clinic_idx" ON "text_replies" USING btree ("clinic_id","id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_source_outbox_id_outbox_id_fk" FOREIGN KEY ("source_outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_text_source_idx" ON "outbox" USING btree ("source_outbox_id") WHERE "outbox"."source_outbox_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_text_gateway_idx" ON "outbox" USING btree ("gateway","gateway_id") WHERE "outbox"."gateway_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_text_due_idx" ON "outbox" USING btree ("status","next_attempt_at") WHERE "outbox"."channel" = 'sms';--> statement-breakpoint
CREATE INDEX "outbox_text_number_idx" ON "outbox" USING btree ("to_number","id") WHERE "outbox"."channel" = 'sms';--> statement-breakpoint
CREATE INDEX "outbox_patient_idx" ON "outbox" USING btree ("patient_id","id") WHERE "outbox"."patient_id" is not null;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_text_country_check" CHECK ("clinics"."text_country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_text_number_check" CHECK ("clinics"."text_number" ~ '^\+[1-9][0-9]{6,14}$');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_text_check" CHECK (("outbox"."channel" = 'sms') = ("outbox"."to_number" is not null and "outbox"."delivery_status" is not null)
        and "outbox"."delivery_status" in ('queued', 'sent', 'delivered', 'failed'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_text_consent_check" CHECK (("patients"."text_consent_at" is null) = ("patients"."text_consent_method" is null)
        and "patients"."text_consent_method" in ('verbal', 'written', 'online', 'text'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_text_kinds_check" CHECK ("patients"."text_kinds" <@ '{reminder,change}'::text[]);
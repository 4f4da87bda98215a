ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "reminder_offsets_minutes" integer[] DEFAULT '{1440,120}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "offset_minutes" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_pending_reminder_idx" ON "outbox" USING btree ("appointment_id","offset_minutes") WHERE "outbox"."kind" = 'appointment.reminder' and "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_appointment_idx" ON "outbox" USING btree ("appointment_id");--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_reminder_offsets_check" CHECK (cardinality("clinics"."reminder_offsets_minutes") <= 3 and 15 <= all("clinics"."reminder_offsets_minutes") and 10080 >= all("clinics"."reminder_offsets_minutes"));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_reminder_check" CHECK (("outbox"."kind" = 'appointment.reminder') = ("outbox"."due_at" is not null and "outbox"."offset_minutes" is not null));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sent', 'failed', 'withdrawn', 'dropped'));
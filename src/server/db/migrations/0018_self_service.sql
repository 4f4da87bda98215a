ALTER TABLE "clinics" ADD COLUMN "patient_can_reschedule" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "patient_can_cancel" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "patient_change_cutoff_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "patient_max_reschedules" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_patient_change_cutoff_check" CHECK ("clinics"."patient_change_cutoff_hours" between 0 and 720);--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_patient_max_reschedules_check" CHECK ("clinics"."patient_max_reschedules" between 0 and 20);
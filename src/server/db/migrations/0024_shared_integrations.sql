ALTER TABLE "api_tokens" ADD COLUMN "visit_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "clinic_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "visit_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_clinic_idx" ON "webhook_deliveries" USING btree ("endpoint_id","clinic_id","id");--> statement-breakpoint
-- Hand-written (ADR 030): the deliveries logged before this migration learn their clinic, from
-- their appointment or, for the waitlist's events, from the clinic their payload names. A row
-- left without one (its appointment deleted) is shown only to admins of all the endpoint's clinics.
UPDATE "webhook_deliveries" d SET "clinic_id" = a."clinic_id"
  FROM "appointments" a
  WHERE d."clinic_id" IS NULL AND a."id" = d."appointment_id";--> statement-breakpoint
UPDATE "webhook_deliveries" d SET "clinic_id" = c."id"
  FROM "clinics" c
  WHERE d."clinic_id" IS NULL AND c."id"::text = d."payload"->'data'->>'clinicId';

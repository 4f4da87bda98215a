ALTER TABLE "audit_log" ADD COLUMN "entity_ids" uuid[];--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "patient_ids" uuid[];--> statement-breakpoint
CREATE INDEX "audit_log_patient_ids_idx" ON "audit_log" USING gin ("patient_ids");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_ids_paired" CHECK (coalesce(cardinality("audit_log"."entity_ids"), -1) = coalesce(cardinality("audit_log"."patient_ids"), -1));
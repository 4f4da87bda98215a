DROP INDEX "appointments_start_id_idx";--> statement-breakpoint
CREATE INDEX "appointments_start_id_idx" ON "appointments" USING btree ("start_at" DESC NULLS FIRST,"id");
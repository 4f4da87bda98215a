-- Read audit rows spooled on an app instance's disk while no primary could be reached (issue 48,
-- ADR 063): each carries the key it was spooled under, so writing a spool twice (an instance that
-- died after the insert and before removing the file) writes its rows once.
ALTER TABLE "audit_log" ADD COLUMN "spool_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_spool_key_idx" ON "audit_log" USING btree ("spool_key") WHERE "audit_log"."spool_key" IS NOT NULL;

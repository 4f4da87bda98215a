ALTER TABLE "clinics" ADD COLUMN "outside_calendar_drop_failing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The setting changes which slots the clinic offers: reused slot answers (ADR 025) must go.
CREATE CONSTRAINT TRIGGER "clinic_outside_drop_data_version" AFTER UPDATE ON "clinics"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."outside_calendar_drop_failing" IS DISTINCT FROM NEW."outside_calendar_drop_failing")
  EXECUTE FUNCTION "clinic_data_version"();

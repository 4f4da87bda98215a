-- ADR 036: every message names the clinic it is about, so that clinic's admins see it: the
-- confirmation of an online booking and a waitlist offer have no appointment to find it by.
ALTER TABLE "outbox" ADD COLUMN "clinic_id" uuid;--> statement-breakpoint
-- Messages of an appointment: its clinic.
UPDATE "outbox" o SET "clinic_id" = a."clinic_id"
  FROM "appointments" a
  WHERE a."id" = o."appointment_id";--> statement-breakpoint
-- Waitlist offers: the clinic of the entry the offer (found by its link's token) was made to.
UPDATE "outbox" o SET "clinic_id" = e."clinic_id"
  FROM "waitlist_offers" w JOIN "waitlist_entries" e ON e."id" = w."entry_id"
  WHERE o."kind" = 'waitlist.offer' AND o."clinic_id" IS NULL
    AND w."token" = o."payload" ->> 'token';--> statement-breakpoint
-- Online booking confirmations: the clinic of the hold whose token hash (hashToken in
-- online-booking.service.ts) the message's token gives. Holds nobody confirmed are purged a day
-- after they lapse: their messages, and notices to admins (which concern an endpoint that may
-- serve several clinics), keep no clinic and are shown to their recipients alone.
UPDATE "outbox" o SET "clinic_id" = h."clinic_id"
  FROM "online_booking_holds" h
  WHERE o."kind" = 'online.hold' AND o."clinic_id" IS NULL
    AND h."token_hash" = encode(sha256(convert_to(o."payload" ->> 'token', 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_clinic_idx" ON "outbox" USING btree ("clinic_id","id");

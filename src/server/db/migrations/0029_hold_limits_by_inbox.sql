-- ADR 031: holds and confirmation mails are counted per inbox (inboxOf: no +tag, Gmail without
-- dots), so victim+1@, victim+2@ … share one allowance. Holds already here are at most a day old
-- (hold-purge.ts); they get their address without a +tag.
DROP INDEX "online_booking_holds_email_idx";--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD COLUMN "inbox" text;--> statement-breakpoint
UPDATE "online_booking_holds" SET "inbox" = regexp_replace("email", '^([^@+]+)\+[^@]*@', '\1@');--> statement-breakpoint
ALTER TABLE "online_booking_holds" ALTER COLUMN "inbox" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "online_booking_holds_inbox_idx" ON "online_booking_holds" USING btree ("inbox","created_at");

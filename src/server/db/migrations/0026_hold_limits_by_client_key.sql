-- Security issue 38 (ADR 031): the public hold counts a client by clientAddressKey(ip), an IPv6
-- address by its /64, so the key is stored beside the address. Holds already here are at most a
-- day old (hold-purge.ts); they count by their address as they were counted before.
DROP INDEX "online_booking_holds_ip_idx";--> statement-breakpoint
ALTER TABLE "online_booking_holds" ADD COLUMN "client_key" text;--> statement-breakpoint
UPDATE "online_booking_holds" SET "client_key" = "ip";--> statement-breakpoint
ALTER TABLE "online_booking_holds" ALTER COLUMN "client_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "online_booking_holds_client_key_idx" ON "online_booking_holds" USING btree ("client_key","created_at");--> statement-breakpoint
CREATE INDEX "online_booking_holds_email_idx" ON "online_booking_holds" USING btree ("email","created_at");

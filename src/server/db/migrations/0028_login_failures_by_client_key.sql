-- Security review of ADR 010 (F2): every sign-in count goes by clientAddressKey(ip), an IPv6
-- address by its /64, as the places an account signed in from do; the address itself stays in
-- "ip". Failures already here are at most a day old (LOGIN_FAILURE_WINDOW_MINUTES): they keep
-- counting by their address as they were counted before (an IPv4 address is its own key).
DROP INDEX "login_failures_ip_at_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "client_key" text;--> statement-breakpoint
UPDATE "login_failures" SET "client_key" = "ip";--> statement-breakpoint
ALTER TABLE "login_failures" ALTER COLUMN "client_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_client_key_at_idx" ON "login_failures" USING btree ("client_key","at");

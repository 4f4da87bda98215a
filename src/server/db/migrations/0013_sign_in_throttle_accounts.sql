-- Sign-in throttling (ADR 010) tells failures for real accounts from failures for emails that match
-- none: only the latter count toward an address's limit, so guessing at made-up emails from a clinic's
-- shared address cannot slow its staff down.
ALTER TABLE "login_failures" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "login_failures" AS f SET "user_id" = u."id" FROM "users" AS u WHERE lower(u."email") = f."email";

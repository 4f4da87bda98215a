-- An Idempotency-Key belonged to a staff user (user_id); it now belongs to an owner, `kind:id`,
-- so that callers who are not staff users (a patient by their visit link, an API client) can
-- have keys too. Existing keys keep replaying: each becomes its user's, `user:<user id>`.
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "owner" = 'user:' || "user_id";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "owner" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_owner_key_pk" PRIMARY KEY("owner","key");--> statement-breakpoint
-- Its foreign key goes with it; staff accounts are deactivated, never deleted.
ALTER TABLE "idempotency_keys" DROP COLUMN "user_id";

CREATE TABLE "rate_limit_counters" (
	"name" text NOT NULL,
	"client_key" text NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_name_client_key_pk" PRIMARY KEY("name","client_key")
);
--> statement-breakpoint
CREATE TABLE "sign_in_sources" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_sources_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "sign_in_sources" ADD CONSTRAINT "sign_in_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_resets_at_idx" ON "rate_limit_counters" USING btree ("resets_at");--> statement-breakpoint
-- Hand-written (drizzle cannot say it): the counters are written on every rate-limited request;
-- unlogged, an upsert writes no WAL and its commit waits for no disk flush and no replica. A
-- crash or a failover forgets the current minute's counts, which a rate limit can afford (ADR 032).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;

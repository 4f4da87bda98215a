-- The jti of each back-channel logout token accepted from an identity provider (ADR 048), kept
-- until the token could no longer be accepted anyway: the same token sent again is a replay.
CREATE TABLE "sso_logout_tokens" (
	"provider_id" uuid NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_logout_tokens_pkey" PRIMARY KEY("provider_id","jti")
);
--> statement-breakpoint
ALTER TABLE "sso_logout_tokens" ADD CONSTRAINT "sso_logout_tokens_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_logout_tokens_expires_idx" ON "sso_logout_tokens" USING btree ("expires_at");

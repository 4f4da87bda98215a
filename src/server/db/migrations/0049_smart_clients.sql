-- SMART Backend Services (ADR 059): the systems an admin registered, the assertions' jti seen
-- until they expire (so a replay is refused on every instance), and the short-lived access tokens.
CREATE TABLE "smart_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"jwks" jsonb,
	"jwks_url" text,
	"scopes" text[] NOT NULL,
	"clinic_ids" uuid[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "smart_clients_keys_check" CHECK (("smart_clients"."jwks" IS NULL) <> ("smart_clients"."jwks_url" IS NULL)),
	CONSTRAINT "smart_clients_clinics_check" CHECK (cardinality("smart_clients"."clinic_ids") > 0),
	CONSTRAINT "smart_clients_scopes_check" CHECK (cardinality("smart_clients"."scopes") > 0)
);
--> statement-breakpoint
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "smart_assertion_jtis" (
	"client_id" uuid NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "smart_assertion_jtis_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
ALTER TABLE "smart_assertion_jtis" ADD CONSTRAINT "smart_assertion_jtis_client_id_smart_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."smart_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_assertion_jtis_expires_idx" ON "smart_assertion_jtis" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "smart_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_access_tokens" ADD CONSTRAINT "smart_access_tokens_client_id_smart_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."smart_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_access_tokens_expires_idx" ON "smart_access_tokens" USING btree ("expires_at");
--> statement-breakpoint
-- FHIR Bulk Data $export (ADR 060): each kick-off, run by the export worker, and its NDJSON files.
CREATE TABLE "bulk_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"clinic_ids" uuid[] NOT NULL,
	"level" text NOT NULL,
	"types" text[] NOT NULL,
	"since" timestamp with time zone,
	"request_url" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" text,
	"error" text,
	"transaction_time" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_exports_status_check" CHECK ("bulk_exports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "bulk_exports_level_check" CHECK ("bulk_exports"."level" in ('system', 'group', 'patient'))
);
--> statement-breakpoint
ALTER TABLE "bulk_exports" ADD CONSTRAINT "bulk_exports_client_id_smart_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."smart_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_exports_status_idx" ON "bulk_exports" USING btree ("status","transaction_time");--> statement-breakpoint
CREATE TABLE "bulk_export_files" (
	"export_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"count" integer NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "bulk_export_files_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
ALTER TABLE "bulk_export_files" ADD CONSTRAINT "bulk_export_files_export_id_bulk_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."bulk_exports"("id") ON DELETE cascade ON UPDATE no action;

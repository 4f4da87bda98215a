CREATE TABLE "patient_duplicate_dismissals" (
	"patient_id" uuid NOT NULL,
	"other_patient_id" uuid NOT NULL,
	"dismissed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_duplicate_dismissals_patient_id_other_patient_id_pk" PRIMARY KEY("patient_id","other_patient_id"),
	CONSTRAINT "patient_duplicate_dismissals_order_check" CHECK ("patient_duplicate_dismissals"."patient_id" < "patient_duplicate_dismissals"."other_patient_id")
);
--> statement-breakpoint
CREATE TABLE "patient_import_rows" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"patient_id" uuid,
	CONSTRAINT "patient_import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number"),
	CONSTRAINT "patient_import_rows_outcome_check" CHECK ("patient_import_rows"."outcome" in ('new', 'updated', 'unchanged', 'duplicate', 'invalid'))
);
--> statement-breakpoint
CREATE TABLE "patient_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file" "bytea",
	"mapping" jsonb,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_imports_status_check" CHECK ("patient_imports"."status" in ('uploaded', 'checked', 'applying', 'applied', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "patient_editor_roles" text[] DEFAULT '{staff}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_duplicate_dismissals" ADD CONSTRAINT "patient_duplicate_dismissals_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_duplicate_dismissals" ADD CONSTRAINT "patient_duplicate_dismissals_other_patient_id_patients_id_fk" FOREIGN KEY ("other_patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_duplicate_dismissals" ADD CONSTRAINT "patient_duplicate_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_import_rows" ADD CONSTRAINT "patient_import_rows_import_id_patient_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."patient_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_import_rows" ADD CONSTRAINT "patient_import_rows_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_imports" ADD CONSTRAINT "patient_imports_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_imports" ADD CONSTRAINT "patient_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_import_rows_outcome_idx" ON "patient_import_rows" USING btree ("import_id","outcome","row_number");--> statement-breakpoint
CREATE INDEX "patient_imports_clinic_idx" ON "patient_imports" USING btree ("clinic_id","created_at");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_merged_into_id_patients_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_merged_into_idx" ON "patients" USING btree ("merged_into_id") WHERE "patients"."merged_into_id" is not null;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_patient_editor_roles_check" CHECK ("clinics"."patient_editor_roles" <@ '{staff,provider,nurse}'::text[]);--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_merged_check" CHECK (("patients"."merged_into_id" is null) = ("patients"."merged_at" is null) and "patients"."merged_into_id" <> "patients"."id");
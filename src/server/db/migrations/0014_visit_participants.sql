CREATE TABLE "visit_participants" (
	"appointment_id" uuid NOT NULL,
	"seat" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"user_id" uuid,
	"joined_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_participants_appointment_id_seat_pk" PRIMARY KEY("appointment_id","seat"),
	CONSTRAINT "visit_participants_seat_check" CHECK ("visit_participants"."seat" in ('patient', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "visit_participants" ADD CONSTRAINT "visit_participants_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "clinics" ADD COLUMN "online_booking_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_agent_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_durations" integer[] DEFAULT '{30}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_notice_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_horizon_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_intro" text;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "online_booking_new_patients" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_online_booking_policy_check" CHECK ("clinics"."online_booking_notice_hours" between 0 and 720 and "clinics"."online_booking_horizon_days" between 1 and 365
        and cardinality("clinics"."online_booking_durations") between 1 and 6
        and 5 <= all("clinics"."online_booking_durations") and 480 >= all("clinics"."online_booking_durations")
        and cardinality("clinics"."online_booking_agent_ids") <= 100
        and char_length(coalesce("clinics"."online_booking_intro", '')) <= 2000);
DROP INDEX "schedule_overrides_agent_date_key";--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_overrides_agent_date_kind_key" ON "schedule_overrides" USING btree ("agent_id","date","kind");
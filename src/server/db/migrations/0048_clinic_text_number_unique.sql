-- A sending number is one clinic's (issue 44, ADR 050): a reply to it is that clinic's, so two
-- clinics claiming one number would hand one clinic's patients' replies to the other. A number
-- several clinics hold already stays with the clinic that has had it longest (created first); the
-- others fall back to the gateway's shared number, each such change written in the audit log with
-- the number it had, so that an admin can see why and choose another.
INSERT INTO "audit_log" ("action", "entity_type", "entity_id", "details")
SELECT 'update', 'clinic', "id",
  jsonb_build_object(
    'changes', jsonb_build_array(jsonb_build_object('field', 'texts.sendingNumber', 'from', "text_number", 'to', NULL)),
    'reason', 'Another clinic had this sending number first.'
  )
FROM (
  SELECT "id", "text_number",
    row_number() OVER (PARTITION BY "text_number" ORDER BY "created_at", "id") AS "rank"
  FROM "clinics" WHERE "text_number" IS NOT NULL
) AS "claims"
WHERE "rank" > 1;--> statement-breakpoint
UPDATE "clinics" SET "text_number" = NULL
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "text_number" ORDER BY "created_at", "id") AS "rank"
    FROM "clinics" WHERE "text_number" IS NOT NULL
  ) AS "claims"
  WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_text_number_key" ON "clinics" USING btree ("text_number");

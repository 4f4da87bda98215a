-- Every advisory lock key in one place on the SQL side; the app calls these functions
-- (src/server/db/locks.ts) and the triggers below call the agent's, so a key cannot drift
-- between copies. The keys are unchanged, so instances of the previous version still queue
-- behind the same locks during an upgrade.
--
-- An agent's booking lock: queues every write of an agent's appointments and holds, so the
-- second of two bookings of one time meets the first's committed row (ADR 027).
CREATE FUNCTION "lock_agent_bookings"(agent_id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(agent_id, 727))
$$;
--> statement-breakpoint
-- A freed time's waitlist offers: one answer at a time (ADR 019).
CREATE FUNCTION "lock_waitlist_opening"(opening_id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(opening_id, 1019))
$$;
--> statement-breakpoint
-- An online hold's allowances (an address's, an inbox's, a clinic's), counted under this lock
-- (ADR 031). The name carries its kind ("address:…", "email:…", "clinic:…").
CREATE FUNCTION "lock_hold_allowance"(name text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(name, 1031))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "online_booking_hold_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state <> 'open' THEN
    RETURN NEW;
  END IF;
  PERFORM lock_agent_bookings(NEW.staff_id::text);
  IF EXISTS (
    SELECT 1 FROM appointments a
    WHERE a.staff_id = NEW.staff_id AND a.status <> 'CANCELLED'
      AND tstzrange(a.start_at, a.end_at, '[)') && tstzrange(NEW.start_at, NEW.end_at, '[)')
  ) THEN
    RAISE EXCLUSION_VIOLATION USING
      MESSAGE = 'the time is already booked',
      CONSTRAINT = 'online_booking_holds_no_overlap';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointment_online_hold_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'CANCELLED' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status <> 'CANCELLED' AND NEW.staff_id = OLD.staff_id
     AND NEW.start_at = OLD.start_at AND NEW.end_at = OLD.end_at THEN
    RETURN NEW;
  END IF;
  PERFORM lock_agent_bookings(NEW.staff_id::text);
  IF EXISTS (
    SELECT 1 FROM online_booking_holds h
    WHERE h.staff_id = NEW.staff_id AND h.state = 'open' AND h.expires_at > NEW.updated_at
      AND tstzrange(h.start_at, h.end_at, '[)') && tstzrange(NEW.start_at, NEW.end_at, '[)')
  ) THEN
    RAISE EXCLUSION_VIOLATION USING
      MESSAGE = 'the time is held for an online booking',
      CONSTRAINT = 'appointments_no_overlap';
  END IF;
  RETURN NEW;
END $$;

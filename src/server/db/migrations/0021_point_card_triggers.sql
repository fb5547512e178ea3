-- A point's card (points.card): the point as the API shows it, as JSON text, with its subscriber's name, the meter
-- installed on it now and the objects it belongs to.
CREATE FUNCTION "point_card"(p points) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT row_to_json(o)::text FROM (SELECT
		p.point_id, p.point_number, p.name, p.address, p.geopoint, p.remark, p.customer_id,
		CASE WHEN c.customer_id IS NOT NULL THEN (SELECT row_to_json(n) FROM (SELECT customer_name(c) AS name) n) END AS customer,
		now_on.counter_id, (now_on.counter_id IS NOT NULL) AS has_counter, p.energy_limit, p.version,
		(SELECT count(*)::int FROM represent_points rp WHERE rp.point_id = p.point_id) AS point_represents_number,
		-- array_to_json writes the array compact, as JSON.stringify does (json_agg puts ", " between the items).
		coalesce((SELECT array_to_json(array_agg((SELECT row_to_json(x) FROM (SELECT r.represent_id, r.name) x) ORDER BY r.name))
			FROM represent_points rp JOIN represents r ON r.represent_id = rp.represent_id WHERE rp.point_id = p.point_id), '[]') AS represents
	FROM (SELECT) one
	LEFT JOIN customers c ON c.customer_id = p.customer_id
	LEFT JOIN point_counters now_on ON now_on.point_id = p.point_id AND now_on.removed_at IS NULL) o
$$;--> statement-breakpoint
-- Every written point gets its card anew. Its subscriber, when newly referred to, is share-locked first, for the
-- reason migration 0017 gives for the applications' cards.
CREATE FUNCTION "point_card_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.customer_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id) THEN
		PERFORM 1 FROM customers WHERE customer_id = NEW.customer_id FOR SHARE;
	END IF;
	NEW.card := point_card(NEW);
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "points_card" BEFORE INSERT OR UPDATE ON "points" FOR EACH ROW EXECUTE FUNCTION point_card_written();--> statement-breakpoint
CREATE FUNCTION "point_cards_of_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE points SET card = '' WHERE customer_id = NEW.customer_id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_point_cards" AFTER UPDATE ON "customers" FOR EACH ROW WHEN (customer_name(OLD) IS DISTINCT FROM customer_name(NEW))
	EXECUTE FUNCTION point_cards_of_customer();--> statement-breakpoint
-- A meter put on or taken off rewrites the point's card. The install and the take-off lock the point before the
-- meter (repositories/counters.ts), in the order a rename of the point takes.
CREATE FUNCTION "point_card_of_installation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN
		UPDATE points SET card = '' WHERE point_id = NEW.point_id;
	END IF;
	IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.point_id <> OLD.point_id) THEN
		UPDATE points SET card = '' WHERE point_id = OLD.point_id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "point_counters_point_card_insert" AFTER INSERT ON "point_counters" FOR EACH ROW WHEN (NEW.removed_at IS NULL)
	EXECUTE FUNCTION point_card_of_installation();--> statement-breakpoint
CREATE TRIGGER "point_counters_point_card_delete" AFTER DELETE ON "point_counters" FOR EACH ROW WHEN (OLD.removed_at IS NULL)
	EXECUTE FUNCTION point_card_of_installation();--> statement-breakpoint
CREATE TRIGGER "point_counters_point_card_update" AFTER UPDATE ON "point_counters" FOR EACH ROW
	WHEN ((OLD.point_id, OLD.counter_id, OLD.removed_at IS NULL) IS DISTINCT FROM (NEW.point_id, NEW.counter_id, NEW.removed_at IS NULL))
	EXECUTE FUNCTION point_card_of_installation();--> statement-breakpoint
-- A point added to an object share-locks the object first, so that a rename of it committing meanwhile is seen.
CREATE FUNCTION "point_card_of_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN
		PERFORM 1 FROM represents WHERE represent_id = NEW.represent_id FOR SHARE;
		UPDATE points SET card = '' WHERE point_id = NEW.point_id;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		UPDATE points SET card = '' WHERE point_id = OLD.point_id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "represent_points_point_card" AFTER INSERT OR DELETE ON "represent_points" FOR EACH ROW
	EXECUTE FUNCTION point_card_of_membership();--> statement-breakpoint
CREATE TRIGGER "represent_points_point_card_update" AFTER UPDATE ON "represent_points" FOR EACH ROW
	WHEN ((OLD.represent_id, OLD.point_id) IS DISTINCT FROM (NEW.represent_id, NEW.point_id))
	EXECUTE FUNCTION point_card_of_membership();--> statement-breakpoint
CREATE FUNCTION "point_cards_of_represent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE points SET card = '' WHERE point_id IN (SELECT point_id FROM represent_points WHERE represent_id = NEW.represent_id);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "represents_point_cards" AFTER UPDATE ON "represents" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
	EXECUTE FUNCTION point_cards_of_represent();--> statement-breakpoint
UPDATE "points" SET "card" = '';

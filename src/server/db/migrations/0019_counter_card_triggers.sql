-- A meter's card (counters.card): the meter as the API shows it, as JSON text, with its model and the point of its
-- latest installation (current when not taken off).
CREATE FUNCTION "counter_card"(c counters) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT row_to_json(o)::text FROM (SELECT
		c.counter_id, c.serial_num, c.model_id, m.name AS model_name, m.counter_model_api_id AS counter_model_api,
		c.coeff, c.coeff_voltage, last.point_id, p.point_number, p.name AS point_name, c.remark, c.is_active, c.version,
		(SELECT row_to_json(n) FROM (SELECT m.name) n) AS model,
		CASE WHEN last.installed_at IS NOT NULL AND last.removed_at IS NULL THEN iso_time(last.installed_at) END AS install_date,
		(last.installed_at IS NOT NULL AND last.removed_at IS NULL) AS is_current,
		iso_time(last.installed_at) AS last_install_date,
		iso_time((SELECT max(removed_at) FROM point_counters WHERE counter_id = c.counter_id)) AS last_takeoff_date,
		c.is_active AS counter_is_active
	FROM counter_models m
	LEFT JOIN LATERAL (SELECT point_id, installed_at, removed_at FROM point_counters WHERE counter_id = c.counter_id
		ORDER BY installed_at DESC, point_counter_id DESC LIMIT 1) last ON true
	LEFT JOIN points p ON p.point_id = last.point_id
	WHERE m.model_id = c.model_id) o
$$;--> statement-breakpoint
-- Every written meter gets its card anew. Its model, when newly referred to, is share-locked first, for the reason
-- migration 0017 gives for the applications' cards.
CREATE FUNCTION "counter_card_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' OR NEW.model_id <> OLD.model_id THEN
		PERFORM 1 FROM counter_models WHERE model_id = NEW.model_id FOR SHARE;
	END IF;
	NEW.card := counter_card(NEW);
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "counters_card" BEFORE INSERT OR UPDATE ON "counters" FOR EACH ROW EXECUTE FUNCTION counter_card_written();--> statement-breakpoint
-- An installation written or removed rewrites its meter's card. A point newly installed on is share-locked first, as
-- above (the install has locked it already, before the meter: repositories/counters.ts).
CREATE FUNCTION "counter_card_of_installation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.point_id <> OLD.point_id) THEN
		PERFORM 1 FROM points WHERE point_id = NEW.point_id FOR SHARE;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		UPDATE counters SET card = '' WHERE counter_id = NEW.counter_id;
	END IF;
	IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW.counter_id <> OLD.counter_id) THEN
		UPDATE counters SET card = '' WHERE counter_id = OLD.counter_id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "point_counters_counter_card" AFTER INSERT OR DELETE ON "point_counters" FOR EACH ROW
	EXECUTE FUNCTION counter_card_of_installation();--> statement-breakpoint
-- Ratios and connection parameters are not on the card: their edits leave it alone.
CREATE TRIGGER "point_counters_counter_card_update" AFTER UPDATE ON "point_counters" FOR EACH ROW
	WHEN ((OLD.point_id, OLD.counter_id, OLD.installed_at, OLD.removed_at) IS DISTINCT FROM (NEW.point_id, NEW.counter_id, NEW.installed_at, NEW.removed_at))
	EXECUTE FUNCTION counter_card_of_installation();--> statement-breakpoint
CREATE FUNCTION "counter_cards_of_model"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE counters SET card = '' WHERE model_id = NEW.model_id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "counter_cards_of_point"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE counters SET card = '' WHERE counter_id IN (SELECT counter_id FROM point_counters WHERE point_id = NEW.point_id);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "counter_models_counter_cards" AFTER UPDATE ON "counter_models" FOR EACH ROW
	WHEN ((OLD.name, OLD.counter_model_api_id) IS DISTINCT FROM (NEW.name, NEW.counter_model_api_id))
	EXECUTE FUNCTION counter_cards_of_model();--> statement-breakpoint
CREATE TRIGGER "points_counter_cards" AFTER UPDATE ON "points" FOR EACH ROW
	WHEN ((OLD.name, OLD.point_number) IS DISTINCT FROM (NEW.name, NEW.point_number))
	EXECUTE FUNCTION counter_cards_of_point();--> statement-breakpoint
UPDATE "counters" SET "card" = '';

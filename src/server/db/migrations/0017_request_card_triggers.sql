-- The names and times of the API written once, here, for the stored cards and for the queries that write them live.
CREATE FUNCTION "iso_time"(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;--> statement-breakpoint
CREATE FUNCTION "customer_name"(c customers) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT CASE WHEN c.customer_type = 3 THEN coalesce(nullif(c.company_short_name, ''), c.company_full_name)
		ELSE trim(concat_ws(' ', nullif(c.last_name, ''), nullif(c.first_name, ''), nullif(c.middle_name, ''))) END
$$;--> statement-breakpoint
-- An application's card (document_requests.card): its JSON members but for the status, whose name comes from the
-- shared texts, and the unread comments, which depend on who reads.
CREATE FUNCTION "request_card"(r document_requests) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT substr(j, 2, length(j) - 2) FROM (SELECT row_to_json(o)::text AS j FROM (SELECT
		r.doc_request_id, r.request_number, iso_time(r.created_at) AS created_at, r.expired_date,
		(SELECT row_to_json(u) FROM (SELECT username, first_name, last_name, middle_name FROM users WHERE user_id = r.user_id) u) AS "user",
		(SELECT row_to_json(c) FROM (SELECT customer_id, customer_number, customer_type, customer_name(customers) AS name, snils, company_inn,
			company_kpp, company_ogrn, company_legal_address FROM customers WHERE customer_id = r.customer_id) c) AS customer,
		(SELECT row_to_json(t) FROM (SELECT doc_type_id AS id, doc_type_name AS name FROM document_types WHERE doc_type_id = r.doc_type_id) t) AS "type",
		(SELECT row_to_json(a) FROM (SELECT username, first_name, last_name, middle_name FROM users WHERE user_id = r.assigned_user_id) a) AS assigned_user,
		r.assigned_user_id, r.decline_reason, r.new_files, r.archived, iso_time(r.external_send_date) AS external_send_date) o) card
$$;--> statement-breakpoint
-- Every written application gets its card anew. A row it newly refers to is share-locked first: a rename committing
-- meanwhile either waits for this transaction (and then rewrites this card too) or has committed before the card is
-- written (a trigger's statements see what committed before them). Refs that did not change need no lock: a rename
-- rewrites the cards of the applications it finds, and waits for this one's row lock.
CREATE FUNCTION "request_card_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM 1 FROM users WHERE user_id IN (NEW.user_id, NEW.assigned_user_id) FOR SHARE;
		PERFORM 1 FROM customers WHERE customer_id = NEW.customer_id FOR SHARE;
		PERFORM 1 FROM document_types WHERE doc_type_id = NEW.doc_type_id FOR SHARE;
	ELSE
		IF NEW.user_id <> OLD.user_id OR NEW.assigned_user_id IS DISTINCT FROM OLD.assigned_user_id THEN
			PERFORM 1 FROM users WHERE user_id IN (NEW.user_id, NEW.assigned_user_id) FOR SHARE;
		END IF;
		IF NEW.customer_id <> OLD.customer_id THEN
			PERFORM 1 FROM customers WHERE customer_id = NEW.customer_id FOR SHARE;
		END IF;
		IF NEW.doc_type_id <> OLD.doc_type_id THEN
			PERFORM 1 FROM document_types WHERE doc_type_id = NEW.doc_type_id FOR SHARE;
		END IF;
	END IF;
	NEW.card := request_card(NEW);
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "document_requests_card" BEFORE INSERT OR UPDATE ON "document_requests" FOR EACH ROW EXECUTE FUNCTION request_card_written();--> statement-breakpoint
-- A change of what a card shows from another table rewrites the cards that show it (the trigger above writes them).
CREATE FUNCTION "request_cards_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE document_requests SET card = '' WHERE user_id = NEW.user_id OR assigned_user_id = NEW.user_id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "request_cards_of_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE document_requests SET card = '' WHERE customer_id = NEW.customer_id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "request_cards_of_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE document_requests SET card = '' WHERE doc_type_id = NEW.doc_type_id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_request_cards" AFTER UPDATE ON "users" FOR EACH ROW
	WHEN ((OLD.username, OLD.first_name, OLD.last_name, OLD.middle_name) IS DISTINCT FROM (NEW.username, NEW.first_name, NEW.last_name, NEW.middle_name))
	EXECUTE FUNCTION request_cards_of_user();--> statement-breakpoint
CREATE TRIGGER "customers_request_cards" AFTER UPDATE ON "customers" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION request_cards_of_customer();--> statement-breakpoint
CREATE TRIGGER "document_types_request_cards" AFTER UPDATE ON "document_types" FOR EACH ROW WHEN (OLD.doc_type_name IS DISTINCT FROM NEW.doc_type_name)
	EXECUTE FUNCTION request_cards_of_type();--> statement-breakpoint
UPDATE "document_requests" SET "card" = '';

-- The imbalance an object may show before its balance is flagged, in percent of what it receives. 5 % suits a
-- 0.4-10 kV network with commercial meters; each object sets its own.
ALTER TABLE "represents" ADD COLUMN "allowed_imbalance" double precision DEFAULT 5 NOT NULL;

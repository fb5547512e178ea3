-- The owner of the metering area an object's points belong to (the 80020 <area>): empty means the account itself.
ALTER TABLE "represents" ADD COLUMN "area_inn" varchar(12) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "represents" ADD COLUMN "area_name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
-- The last 80020 message number given per sender and area: every file sent, a corrected re-send too, takes the next.
CREATE TABLE "market_message_numbers" (
	"sender_inn" varchar(12) NOT NULL,
	"area_inn" varchar(12) NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "market_message_numbers_pk" PRIMARY KEY("sender_inn","area_inn")
);

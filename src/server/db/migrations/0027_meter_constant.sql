-- The meter's own constant A (impulses per kWh) as the collector read it, and whether a configured override disagrees.
ALTER TABLE "counters" ADD COLUMN "meter_constant" integer;--> statement-breakpoint
ALTER TABLE "counters" ADD COLUMN "meter_constant_mismatch" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The Mercury 230 connection parameters the driver reads beyond the common ones (a fresh database gets them from the seed).
INSERT INTO "model_conn_params" ("counter_model_api_id", "par_name", "description", "default_value", "required", "order_num")
SELECT api.counter_model_api_id, p.par_name, p.description, p.default_value, false, p.order_num
FROM "counter_model_apis" api
CROSS JOIN (VALUES
	('meter_constant', 'Постоянная счётчика A, имп/кВт·ч (вместо прочитанной из счётчика)', '', 8),
	('password_mode', 'Вид пароля: digits — шесть цифр, ascii — шесть символов ASCII', 'digits', 9)
) AS p(par_name, description, default_value, order_num)
WHERE api.driver = 'mercury230'
ON CONFLICT ("counter_model_api_id", "par_name") DO NOTHING;

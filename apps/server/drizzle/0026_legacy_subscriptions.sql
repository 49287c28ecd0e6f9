-- Suppliers in force before the payments existed (issue 14) get one ACTIVE subscription each, on a
-- retired plan, so /assinaturas shows their remaining days and a renewal starts when it ends. The
-- end date is exclusive: the day after the one holding the old "in force until" instant.
INSERT INTO "subscription_plans" ("id", "title", "duration_months", "large_company_price", "small_company_price", "active")
SELECT '00000000-0000-4000-8000-000000001599', 'Assinatura anterior', 12, 1, 1, false
WHERE EXISTS (
  SELECT 1 FROM "suppliers" s WHERE s."subscription_end_date" > now()
    AND NOT EXISTS (SELECT 1 FROM "subscriptions" x WHERE x."supplier_id" = s."id" AND x."status" = 'ACTIVE')
)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "subscriptions" ("supplier_id", "subscription_plan_id", "duration_months", "price", "status", "start_date", "end_date")
SELECT s."id", '00000000-0000-4000-8000-000000001599', 12, 0, 'ACTIVE',
  least((s."created_date" AT TIME ZONE 'America/Sao_Paulo')::date, (s."subscription_end_date" AT TIME ZONE 'America/Sao_Paulo')::date),
  (s."subscription_end_date" AT TIME ZONE 'America/Sao_Paulo')::date + 1
FROM "suppliers" s
WHERE s."subscription_end_date" > now()
  AND NOT EXISTS (SELECT 1 FROM "subscriptions" x WHERE x."supplier_id" = s."id" AND x."status" = 'ACTIVE');

-- Rows written before charges carried their purpose and sales their fixed lead fee, brought to today's shape so the
-- code has one path for every row: each charge names its purpose, each lead fee that is due has its amount, and each
-- lead-fee attempt under way has its ledger row.

-- Whether an open charge without a purpose bought anything is the provider's answer, which only the reconciler can
-- ask (it finishes an open charge within minutes). A lead fee naming its sale is the exception: its purpose follows
-- from the row. Any other such charge stops the migration until the running release's reconciler has finished it.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "charges"
    WHERE "purpose" IS NULL AND "fulfilled_at" IS NULL AND NOT ("kind" = 'LEAD_FEE' AND "reference_id" IS NOT NULL)
  ) THEN
    RAISE EXCEPTION 'Open charges without a purpose: let the reconciler record their outcome, then migrate again.';
  END IF;
END $$;--> statement-breakpoint

-- A due lead fee without its amount is the setting in force (leadFeeExcludingGstCents, $1,000 by default) with 10% GST,
-- as charging it would have computed.
UPDATE "property_sales" SET "lead_fee_cents" = round(
  coalesce((SELECT ("value" #>> '{}')::numeric FROM "app_settings" WHERE "key" = 'leadFeeExcludingGstCents'), 100000) * 1.1
)::integer
WHERE "lead_fee_cents" IS NULL AND "lead_fee_status" <> 'NOT_DUE';--> statement-breakpoint

-- A lead-fee charge names its sale (reference_id) and its attempt (the idempotency key: `lead-fee:<sale>` for the
-- first, `lead-fee:<sale>:attempt-<n>` after; another key is taken for the sale's current attempt).
UPDATE "charges" c SET "purpose" = jsonb_build_object(
  'type', 'lead-fee',
  'saleId', c."reference_id",
  'attempt', coalesce(
    substring(c."idempotency_key" FROM ':attempt-([0-9]+)$')::integer,
    CASE WHEN c."idempotency_key" = 'lead-fee:' || c."reference_id" THEN 1 END,
    (SELECT s."lead_fee_attempts" FROM "property_sales" s WHERE s."id"::text = c."reference_id"),
    1
  )
)
WHERE c."purpose" IS NULL AND c."kind" = 'LEAD_FEE' AND c."reference_id" IS NOT NULL;--> statement-breakpoint

-- Every other charge without a purpose has its outcome recorded (the check above): no handler is asked about it again.
UPDATE "charges" SET "purpose" = '{"type": "none"}'::jsonb WHERE "purpose" IS NULL;--> statement-breakpoint

-- A lead-fee attempt under way (PENDING) without its ledger row gets the intent its charging writes: the fee, the
-- attempt's key, the agent's default card, with the sale's address as the charge's description. The reconciler then
-- charges it with that key, as it does any interrupted attempt.
INSERT INTO "charges" (
  "user_id", "kind", "description", "amount_cents", "gst_cents", "currency", "status", "idempotency_key", "reference_id",
  "provider", "provider_customer_id", "provider_payment_method_id", "purpose"
)
SELECT
  s."selling_agent_user_id",
  'LEAD_FEE',
  'Lead fee for the sale of ' || CASE
    WHEN p."id" IS NULL THEN 'a property'
    WHEN coalesce(p."street_name", '') = '' THEN
      CASE WHEN sb."id" IS NULL THEN 'a property' ELSE 'a property in ' || sb."name" || ' ' || upper(sb."state") END
    ELSE concat_ws(
      ', ',
      concat_ws(' ', nullif(concat_ws('/', nullif(p."unit_number", ''), nullif(p."street_number", '')), ''), p."street_name"),
      sb."name" || ' ' || upper(sb."state")
    )
  END,
  s."lead_fee_cents",
  round(s."lead_fee_cents" / 11.0)::integer,
  'aud',
  'PENDING',
  k."key",
  s."id"::text,
  card."provider",
  card."provider_customer_id",
  card."provider_payment_method_id",
  jsonb_build_object('type', 'lead-fee', 'saleId', s."id"::text, 'attempt', s."lead_fee_attempts")
FROM "property_sales" s
CROSS JOIN LATERAL (
  SELECT CASE WHEN s."lead_fee_attempts" <= 1 THEN 'lead-fee:' || s."id"
    ELSE 'lead-fee:' || s."id" || ':attempt-' || s."lead_fee_attempts" END AS "key"
) k
JOIN LATERAL (
  SELECT m."provider", m."provider_payment_method_id", pc."provider_customer_id"
  FROM "payment_methods" m
  JOIN "payment_customers" pc ON pc."user_id" = m."user_id" AND pc."provider" = m."provider"
  WHERE m."user_id" = s."selling_agent_user_id" AND m."is_default"
  ORDER BY m."created_at" DESC
  LIMIT 1
) card ON true
LEFT JOIN "properties" p ON p."id" = s."property_id"
LEFT JOIN "suburbs" sb ON sb."id" = p."suburb_id"
WHERE s."lead_fee_status" = 'PENDING' AND NOT EXISTS (SELECT 1 FROM "charges" c WHERE c."idempotency_key" = k."key");--> statement-breakpoint

-- Without a card there is nothing to charge: the attempt fails as charging it would (the retry job tries again, and
-- e-mails the agent if the card is still missing).
UPDATE "property_sales" s SET "lead_fee_status" = 'FAILED', "lead_fee_failure_code" = 'user_missing_stripe_customer'
WHERE s."lead_fee_status" = 'PENDING' AND NOT EXISTS (
  SELECT 1 FROM "charges" c
  WHERE c."idempotency_key" = CASE WHEN s."lead_fee_attempts" <= 1 THEN 'lead-fee:' || s."id"
    ELSE 'lead-fee:' || s."id" || ':attempt-' || s."lead_fee_attempts" END
);--> statement-breakpoint

ALTER TABLE "charges" ALTER COLUMN "purpose" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "property_sales" ADD CONSTRAINT "property_sales_lead_fee_fixed_check" CHECK ("property_sales"."lead_fee_status" = 'NOT_DUE' or "property_sales"."lead_fee_cents" is not null);

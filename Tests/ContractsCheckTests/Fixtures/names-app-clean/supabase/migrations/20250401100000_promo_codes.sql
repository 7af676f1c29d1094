-- Added on the fly by a maintenance block the replay cannot read: the column is unknown, not missing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'deals' AND column_name = 'promo_code') THEN
    EXECUTE 'ALTER TABLE public.deals ADD COLUMN promo_code text';
  END IF;
END
$$;

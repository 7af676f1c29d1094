-- Added only if missing, through EXECUTE: the replay cannot tell, so deals' columns are unknown from here.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'deals' AND column_name = 'promo_code') THEN
    EXECUTE 'ALTER TABLE public.deals ADD COLUMN promo_code text';
  END IF;
END $$;

-- A column named like a table.
ALTER TABLE venues ADD COLUMN deals int;
CREATE TABLE public.categories (id text PRIMARY KEY, label text NOT NULL);
ALTER TABLE public.bookmarks ADD COLUMN category_id text REFERENCES categories;

-- Added after venue_star was created: the view does not have it.
ALTER TABLE venues ADD COLUMN website text;

ALTER TABLE deal_list RENAME COLUMN venue_name TO place_name;
ALTER TABLE venue_pairs RENAME TO venue_deal_pairs;
ALTER FUNCTION public.deal_stats(uuid) RENAME TO deal_summary;
DROP FUNCTION IF EXISTS public.never_defined(int);
DROP VIEW IF EXISTS public.union_view CASCADE;

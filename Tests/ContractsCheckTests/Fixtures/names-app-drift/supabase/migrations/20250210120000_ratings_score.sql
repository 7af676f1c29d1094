-- Ratings become scores out of ten.
ALTER TABLE public.deal_ratings DROP CONSTRAINT deal_ratings_stars_check;
ALTER TABLE public.deal_ratings RENAME COLUMN stars TO score;
ALTER TABLE public.deal_ratings ADD CONSTRAINT deal_ratings_score_check CHECK (score BETWEEN 1 AND 10);

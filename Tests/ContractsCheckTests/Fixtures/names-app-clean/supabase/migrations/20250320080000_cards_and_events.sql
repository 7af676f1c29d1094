-- A column a later migration adds.
ALTER TABLE public.deals ADD COLUMN ends_at timestamptz;

-- The card list reads a view.
CREATE VIEW public.deal_cards AS
  SELECT d.id, d.title, v.name AS venue_name, d.ends_at
  FROM public.deals d JOIN public.venues v ON v.id = d.venue_id;

-- Analytics live in their own schema.
CREATE SCHEMA analytics;
CREATE TABLE analytics.events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  props jsonb
);

-- Faster pickup and destination search on the Requests tab.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX rides_pickup_trgm_idx ON public.rides USING gin (pickup gin_trgm_ops);
CREATE INDEX rides_destination_trgm_idx ON public.rides USING gin (destination gin_trgm_ops;

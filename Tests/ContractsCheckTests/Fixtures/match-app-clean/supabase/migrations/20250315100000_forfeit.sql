-- A player can give up a match.
ALTER TYPE public.remote_match_status ADD VALUE IF NOT EXISTS 'forfeited' AFTER 'abandoned';

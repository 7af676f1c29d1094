-- Invitations and pauses. ADD VALUE cannot be used in the transaction that adds it, so nothing here uses them.
ALTER TYPE public.remote_match_status ADD VALUE IF NOT EXISTS 'invited' BEFORE 'waiting';
ALTER TYPE public.remote_match_status ADD VALUE IF NOT EXISTS 'paused' AFTER 'active';
ALTER TYPE public.remote_match_status ADD VALUE 'abandoned';
ALTER TYPE public.leg_result ADD VALUE 'checkout';

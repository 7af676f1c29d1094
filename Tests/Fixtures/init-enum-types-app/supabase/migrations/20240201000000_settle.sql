-- A finished match: its status is the provider's final code; bets nobody settled are void.
-- (The old code 'final_whistle' was renamed to 'final' before launch.)
CREATE OR REPLACE FUNCTION public.settle_fixture(p_fixture_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.fixtures SET phase = 'finished', status = 'final' WHERE id = p_fixture_id;
  UPDATE public.bets SET outcome = 'void' WHERE fixture_id = p_fixture_id AND outcome IS NULL;
END
$$;

-- Types are created idempotently: preview branches re-run this migration.
DO $$ BEGIN
  CREATE TYPE public.match_phase AS ENUM ('scheduled', 'live', 'finished');
EXCEPTION WHEN duplicate_object THEN null;
END $$;

DO $$
BEGIN
  CREATE TYPE public.settlement_outcome AS ENUM ('home_win', 'away_win', 'draw', 'void');
EXCEPTION
  WHEN duplicate_object THEN NULL;
END
$$;

CREATE TABLE IF NOT EXISTS public.fixtures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  home_team text NOT NULL,
  away_team text NOT NULL,
  phase public.match_phase NOT NULL DEFAULT 'scheduled',
  -- The data provider's status, mapped to our codes by sync-fixtures: free text, no CHECK.
  status text NOT NULL DEFAULT 'scheduled',
  kickoff_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS public.bets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fixture_id uuid NOT NULL REFERENCES public.fixtures (id),
  user_id uuid NOT NULL,
  pick text NOT NULL,                 -- what the user typed in the slip: free text nobody declares
  outcome public.settlement_outcome
);

-- Live matches: the status is a PostgreSQL ENUM type, created once.
CREATE TYPE public.remote_match_status AS ENUM ('waiting', 'active', 'finished');

-- A decoy type with a value of the same name, never used by the column.
CREATE TYPE leg_status AS ENUM ('waiting', 'thrown');

CREATE TABLE public.matches (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    remote_status text NOT NULL DEFAULT 'waiting'
);

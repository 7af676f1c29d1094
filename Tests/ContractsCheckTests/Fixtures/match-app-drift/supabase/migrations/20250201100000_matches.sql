-- Live matches. The status is a PostgreSQL ENUM type, not a CHECK constraint.
CREATE TYPE public.remote_match_status AS ENUM ('waiting', 'active', 'finished');

-- Decoy: another ENUM type with a value of the same name, used by another table.
CREATE TYPE public.leg_result AS ENUM ('finished', 'bust');

CREATE TABLE public.matches (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    host_id uuid NOT NULL,
    guest_id uuid,
    remote_status public.remote_match_status NOT NULL DEFAULT 'waiting',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.legs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    match_id uuid NOT NULL REFERENCES public.matches (id) ON DELETE CASCADE,
    result public.leg_result
);

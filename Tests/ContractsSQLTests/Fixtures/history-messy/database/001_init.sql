-- Initial schema: the type column gets an unnamed inline check (PostgreSQL names it notifications_type_check).
CREATE TABLE IF NOT EXISTS public.profiles (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL
);

CREATE TABLE public.notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES public.profiles (id),
    type text NOT NULL CHECK (type IN ('message', 'new_ride', 'ride_claimed')),
    title text,
    read boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
);

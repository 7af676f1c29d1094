-- NaarsCars: members, rides and favors.
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";

CREATE TABLE public.profiles (
    id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
    name text NOT NULL,
    avatar_url text,
    is_admin boolean NOT NULL DEFAULT false,
    approved boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.rides (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    user_id uuid NOT NULL REFERENCES public.profiles (id),
    claimed_by uuid REFERENCES public.profiles (id),
    pickup text NOT NULL,
    destination text NOT NULL,
    ride_date date NOT NULL,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'completed', 'cancelled')),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.favors (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    user_id uuid NOT NULL REFERENCES public.profiles (id),
    claimed_by uuid REFERENCES public.profiles (id),
    title text NOT NULL,
    description text,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'completed', 'cancelled')),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.profiles (
  id uuid PRIMARY KEY,
  display_name text NOT NULL
);

CREATE TABLE public.rides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rider_id uuid NOT NULL REFERENCES public.profiles (id),
  status text NOT NULL DEFAULT 'requested'
    CONSTRAINT rides_status_check CHECK (status IN ('requested', 'claimed', 'completed', 'cancelled'))
);

CREATE TABLE public.notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES public.profiles (id),
  type text NOT NULL,
  title text NOT NULL,
  read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notifications_type_check CHECK (type IN ('message', 'ride_update', 'ride_claimed', 'other'))
);

-- Legacy history, applied by hand before the Supabase CLI: the CLI never runs this folder.
CREATE TABLE public.profiles (
  id uuid PRIMARY KEY,
  display_name text NOT NULL
);

CREATE TABLE public.notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES public.profiles (id),
  type text NOT NULL CHECK (type IN ('message', 'ride_update', 'ride_claimed', 'town_hall_post', 'other')),
  title text NOT NULL,
  body text,
  read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Device tokens: `type` here is the push service, not a notification type.
CREATE TABLE public.push_tokens (
  user_id uuid NOT NULL REFERENCES public.profiles (id),
  token text NOT NULL,
  type text NOT NULL CHECK (type IN ('apns', 'fcm'))
);

-- Tokens from before push_tokens; a backfill copies them over.
CREATE TABLE public.legacy_tokens (token text NOT NULL);

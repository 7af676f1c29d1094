-- Points a family earns.
CREATE TABLE IF NOT EXISTS public.rewards (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id uuid NOT NULL,
    points integer NOT NULL DEFAULT 0
);

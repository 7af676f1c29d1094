-- Chores a family shares.
CREATE TABLE IF NOT EXISTS public.chores (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id uuid NOT NULL,
    title text NOT NULL,
    done_at timestamptz,
    assignee_id uuid
);

CREATE TABLE IF NOT EXISTS public.family_events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id uuid NOT NULL,
    kind text NOT NULL,
    user_id uuid
);

CREATE TABLE IF NOT EXISTS public.other_table (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id uuid,
    kind text
);

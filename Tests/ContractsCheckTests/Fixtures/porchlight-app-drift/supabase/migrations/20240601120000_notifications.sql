-- Notifications: one row per inbox entry. Pushes are sent by the edge functions, never by the database.
CREATE TABLE public.profiles (
    id uuid PRIMARY KEY,
    display_name text NOT NULL,
    device_token text
);

CREATE TABLE public.notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
    type text NOT NULL,
    title text NOT NULL,
    body text,
    entity_id uuid,
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notifications_type_check CHECK (type IN (
        'ride_request', 'ride_claimed', 'message', 'town_hall_post', 'town_hall_reply', 'event_reminder', 'announcement'
    ))
);

CREATE INDEX notifications_user_unread ON public.notifications (user_id) WHERE read_at IS NULL;

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;
CREATE POLICY "own notifications" ON public.notifications FOR SELECT USING (auth.uid() = user_id);

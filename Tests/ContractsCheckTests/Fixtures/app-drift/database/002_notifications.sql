-- In-app notifications; push delivery reads the same rows.
CREATE TABLE public.notifications (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('message', 'new_ride', 'ride_update', 'ride_claimed', 'new_favor',
                                       'favor_update', 'favor_claimed', 'review', 'announcement', 'other')),
    title text NOT NULL CHECK (char_length(title) <= 200),
    body text,
    ride_id uuid REFERENCES public.rides (id) ON DELETE CASCADE,
    favor_id uuid REFERENCES public.favors (id) ON DELETE CASCADE,
    conversation_id uuid,
    read boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notifications_one_target CHECK (num_nonnulls(ride_id, favor_id, conversation_id) <= 1)
);

CREATE INDEX notifications_user_unread_idx ON public.notifications (user_id) WHERE NOT read;

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;
CREATE POLICY "own notifications" ON public.notifications FOR SELECT USING (auth.uid() = user_id);

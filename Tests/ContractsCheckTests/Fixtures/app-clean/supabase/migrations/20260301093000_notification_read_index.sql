create index if not exists notifications_user_created_idx
    on public.notifications (user_id, created_at desc);

-- The ride board's list: open rides with where they start and end.
CREATE VIEW public.open_rides AS
    SELECT r.id, r.pickup, r.destination, r.ride_date
    FROM public.rides r
    WHERE r.status = 'open';

-- The board shows who asked: a view keeps its columns in order, so the new one goes at the end.
CREATE OR REPLACE VIEW public.open_rides AS
    SELECT r.id, r.pickup, r.destination, r.ride_date, r.user_id
    FROM public.rides r
    WHERE r.status = 'open';

-- Device tokens, one per conversation a participant is in (the message push embeds them from the participants).
CREATE TABLE public.push_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    conversation_id uuid NOT NULL,
    user_id uuid NOT NULL,
    token text NOT NULL,
    FOREIGN KEY (conversation_id, user_id) REFERENCES public.conversation_participants (conversation_id, user_id) ON DELETE CASCADE
);

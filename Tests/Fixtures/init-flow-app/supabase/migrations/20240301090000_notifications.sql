CREATE TABLE public.notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL,
    type text NOT NULL,
    body text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notifications_type_check CHECK (type IN (
        'message', 'added_to_conversation', 'favor_request', 'ride_claimed', 'town_hall_reply',
        'review_request', 'announcement'
    ))
);

-- Town hall: posts and comments, and their notification types.
CREATE TABLE public.town_hall_posts (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    user_id uuid NOT NULL REFERENCES public.profiles (id),
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.town_hall_comments (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    post_id uuid NOT NULL REFERENCES public.town_hall_posts (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES public.profiles (id),
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE public.notifications ADD COLUMN town_hall_post_id uuid REFERENCES public.town_hall_posts (id) ON DELETE CASCADE;

ALTER TABLE public.notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type = ANY (ARRAY[
    'message'::text, 'added_to_conversation'::text,
    'new_ride'::text, 'ride_update'::text, 'ride_claimed'::text, 'ride_unclaimed'::text, 'ride_completed'::text,
    'new_favor'::text, 'favor_update'::text, 'favor_claimed'::text, 'favor_unclaimed'::text, 'favor_completed'::text,
    'review'::text, 'town_hall_post'::text, 'town_hall_comment'::text,
    'announcement'::text, 'other'::text
]));

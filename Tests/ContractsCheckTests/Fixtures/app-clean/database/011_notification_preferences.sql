-- Per-member switches for the notification types that can be turned off.
CREATE TABLE public.notification_preferences (
    user_id uuid PRIMARY KEY REFERENCES public.profiles (id) ON DELETE CASCADE,
    messages boolean NOT NULL DEFAULT true,
    new_requests boolean NOT NULL DEFAULT true,
    ride_updates boolean NOT NULL DEFAULT true,
    favor_updates boolean NOT NULL DEFAULT true,
    qa_activity boolean NOT NULL DEFAULT true,
    reviews boolean NOT NULL DEFAULT true,
    town_hall boolean NOT NULL DEFAULT true
);

-- Requests older than a week default to the 'ride' tab filter in the app; nothing to do with notification types.
CREATE VIEW public.open_requests AS
    SELECT id, 'ride' AS request_type, created_at FROM public.rides WHERE status = 'open'
    UNION ALL
    SELECT id, 'favor' AS request_type, created_at FROM public.favors WHERE status = 'open';

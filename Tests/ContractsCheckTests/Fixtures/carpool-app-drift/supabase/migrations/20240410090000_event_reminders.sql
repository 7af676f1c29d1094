-- Event reminders: a scheduled job reminds attendees an hour before; the push carries reminder_id.
CREATE TABLE public.event_reminders (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES public.profiles (id),
    event_title text NOT NULL,
    remind_at timestamptz NOT NULL,
    sent boolean NOT NULL DEFAULT false
);

CREATE FUNCTION public.send_due_reminders() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
    r record;
    sent_count integer := 0;
BEGIN
    FOR r IN SELECT * FROM public.event_reminders WHERE NOT sent AND remind_at <= now() LOOP
        INSERT INTO public.notifications (user_id, type, title) VALUES (r.user_id, 'event_reminder', r.event_title);
        PERFORM net.http_post(
            url := 'https://push.example.invalid/send',
            body := jsonb_build_object('type', 'event_reminder', 'reminder_id', r.id, 'user_id', r.user_id,
                                       'remind_at', r.remind_at)
        );
        UPDATE public.event_reminders SET sent = true WHERE id = r.id;
        sent_count := sent_count + 1;
    END LOOP;
    RETURN sent_count;
END $$;

-- The weekly digest is written by the server only (the app shows it as an announcement).
CREATE FUNCTION public.send_weekly_digest(p_user uuid) RETURNS void LANGUAGE sql AS $$
    SELECT public.create_notification(p_user, 'weekly_digest', 'Your week on the street');
$$;

-- The badge count; drafts are rows the app keeps to itself.
CREATE FUNCTION public.unread_count(p_user uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
    SELECT count(*) FROM public.notifications
    WHERE user_id = p_user AND read_at IS NULL AND type <> 'draft_saved'
$$;

-- Old rows from a typo'd import; the app's inbox never showed them.
DELETE FROM public.notifications WHERE type = 'announcement' AND title = '';

-- Notifications and a free-text audit log.
CREATE TABLE public.notifications (
    id bigserial PRIMARY KEY,
    user_id uuid NOT NULL,
    type text NOT NULL,
    payload jsonb,
    CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update', 'ride_canceled'))
);
CREATE TABLE public.audit_log (id bigserial, actor uuid, action text, detail jsonb);

-- The queue writer: its second parameter is the notification type (cast, through INSERT ... SELECT).
CREATE OR REPLACE FUNCTION public.queue_push_notification(p_user_id uuid, p_type text, p_payload jsonb)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
    INSERT INTO public.notifications (user_id, type, payload)
    SELECT p_user_id, p_type::text, coalesce(p_payload, '{}'::jsonb);
END;
$$;

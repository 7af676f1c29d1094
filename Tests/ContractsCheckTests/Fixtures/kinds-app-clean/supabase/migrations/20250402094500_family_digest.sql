-- Weekly digest and child-added notifications, sent by pg_cron and by the admin panel.
CREATE TABLE IF NOT EXISTS public.family_members (
    user_id uuid PRIMARY KEY,
    family_id uuid NOT NULL,
    display_name text
);

CREATE OR REPLACE FUNCTION public.send_weekly_digest()
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
AS $$
BEGIN
    INSERT INTO public.notifications (user_id, kind, title)
    SELECT fm.user_id, 'weekly_digest', 'Your week'
    FROM public.family_members fm;
END;
$$;

CREATE OR REPLACE FUNCTION public.notify_child_added(p_parent uuid, p_child_name text)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
AS $$
BEGIN
    -- Reading a retired kind is fine: old rows may still carry it.
    IF EXISTS (SELECT 1 FROM public.notifications WHERE user_id = p_parent AND kind = 'admin_child_add') THEN
        RETURN;
    END IF;
    PERFORM public.notify_user(p_parent, 'admin_edit_child_add', p_child_name || ' joined the family');
END;
$$;

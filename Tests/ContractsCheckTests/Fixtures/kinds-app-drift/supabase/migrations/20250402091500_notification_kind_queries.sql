-- Read-side helpers for the inbox: labels, unread counts, the digest window.
CREATE OR REPLACE FUNCTION public.notification_label(p_id uuid)
RETURNS text
LANGUAGE sql
STABLE
AS $$
    SELECT CASE
               WHEN n.kind = 'admin_broadcast' THEN 'From the admins'
               WHEN n.kind = 'chore_overdue' THEN 'Overdue'
               ELSE coalesce(n.title, '')
           END
    FROM public.notifications n
    WHERE n.id = p_id
$$;

CREATE OR REPLACE FUNCTION public.notification_icon(p_id uuid)
RETURNS text
LANGUAGE sql
STABLE
AS $$
    SELECT CASE kind
               WHEN 'chore_assigned' THEN 'checklist'
               WHEN 'reward_earned' THEN 'gift'
               ELSE 'bell'
           END
    FROM public.notifications
    WHERE id = p_id
$$;

CREATE OR REPLACE FUNCTION public.unread_personal_count(p_user uuid)
RETURNS bigint
LANGUAGE sql
STABLE
AS $$
    SELECT count(*)
    FROM public.notifications
    WHERE user_id = p_user
      AND read_at IS NULL
      AND kind <> ALL (ARRAY['admin_broadcast', 'app_update', 'maintenance_window'])
$$;

CREATE OR REPLACE FUNCTION public.unread_chore_count(p_user uuid)
RETURNS bigint
LANGUAGE sql
STABLE
AS $$
    SELECT count(*)
    FROM public.notifications
    WHERE user_id = p_user
      AND read_at IS NULL
      AND kind = ANY (ARRAY['chore_assigned', 'chore_completed', 'chore_rejected'])
$$;

-- Decoys: the same forms with registered kinds only, and a CASE on another column.
CREATE OR REPLACE FUNCTION public.notification_section(p_id uuid)
RETURNS text
LANGUAGE sql
STABLE
AS $$
    SELECT CASE
               WHEN kind = ANY (ARRAY['chore_assigned', 'chore_completed']) THEN 'Chores'
               WHEN kind <> ALL (ARRAY['message_received', 'reward_redeemed']) THEN 'Family'
               WHEN CASE kind WHEN 'reward_redeemed' THEN true ELSE false END THEN 'Rewards'
               ELSE CASE title WHEN 'chat_message' THEN 'Chat' ELSE 'Messages' END
           END
    FROM public.notifications
    WHERE id = p_id
$$;

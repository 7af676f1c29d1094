-- Normalises new notifications before they are stored: broadcasts cannot be muted, legacy spellings are
-- mapped to today's kinds, and a kind change on an existing row is logged.
CREATE OR REPLACE FUNCTION public.notifications_before_insert()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    -- Broadcasts and app updates are always delivered, even to muted members.
    IF coalesce(new.kind, '') in ('admin_broadcast', 'app_update', 'general') THEN
        NEW.read_at := NULL;
    END IF;
    IF lower(NEW.kind) = 'chore_assigned' THEN
        NEW.kind := 'chore_assigned';
    END IF;
    IF trim(NEW.kind) = 'reward_redeemed' THEN
        NEW.title := coalesce(NEW.title, 'Reward');
    END IF;
    IF NEW.kind::text = 'profile_update' THEN
        NEW.body := NULL;
    END IF;
    IF NEW.kind = 'message_received' AND coalesce(NEW.title, '') = '' THEN
        NEW.kind := 'general';
    END IF;
    -- Decoys: the same forms with registered kinds, and a coalesce on another column.
    IF lower(NEW.kind) = 'chore_completed' OR trim(NEW.kind) = 'reward_redeemed' OR NEW.kind::text = 'profile_update' THEN
        NEW.body := coalesce(NEW.body, 'weekly_update');
    END IF;
    IF coalesce(NEW.title, 'Untitled') = 'chore_reminder' THEN
        NEW.title := 'Chore';
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER notifications_before_insert
    BEFORE INSERT ON public.notifications
    FOR EACH ROW EXECUTE FUNCTION public.notifications_before_insert();

CREATE TABLE IF NOT EXISTS public.notification_kind_changes (
    notification_id uuid NOT NULL,
    old_kind text,
    new_kind text,
    changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE OR REPLACE FUNCTION public.notifications_log_kind_change()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF OLD.kind IS DISTINCT FROM 'admin_edit_child_add' AND NEW.kind IS NOT DISTINCT FROM 'admin_edit_child_add' THEN
        INSERT INTO public.notification_kind_changes (notification_id, old_kind, new_kind)
        VALUES (NEW.id, OLD.kind, NEW.kind);
    END IF;
    IF OLD.kind IS DISTINCT FROM NEW.kind AND NEW.kind IS NOT DISTINCT FROM 'weekly_digest' THEN
        INSERT INTO public.notification_kind_changes (notification_id, old_kind, new_kind)
        VALUES (NEW.id, OLD.kind, 'weekly_digest');
    END IF;
    CASE NEW.kind
        WHEN 'chore_assigned', 'chore_completed' THEN NEW.data := NEW.data || jsonb_build_object('section', 'chores');
        WHEN 'reward_redeemed' THEN NEW.data := NEW.data || jsonb_build_object('section', 'rewards');
        ELSE NULL;
    END CASE;
    RETURN NEW;
END;
$$;

CREATE TRIGGER notifications_log_kind_change
    AFTER UPDATE OF kind ON public.notifications
    FOR EACH ROW EXECUTE FUNCTION public.notifications_log_kind_change();

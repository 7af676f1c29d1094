"""Migrations of the synthetic app: tables, RLS, triggers that notify, the CHECK constraint redefined in the
styles real projects use (ending with the registry's full list), and the get_badge_counts RPC."""


def _quoted(raws):
    return ", ".join("'%s'" % r for r in raws)


class Migrations:
    def __init__(self, rng, reg):
        self.rng = rng
        self.reg = reg

    def next(self, n, total):
        """(slug, text) of migration n of total (1-based, replay order)."""
        if n == 1:
            return "notifications", self._notifications()
        if n == 2:
            return "create_notification", self._create_notification()
        parts, slug = [self._table(n)], "feature_%d" % n
        if n == total or n % 15 == 0:
            parts.append(self._constraint(n, total))
            slug = "notification_types_%d" % n
        elif n % 10 == 0:
            parts.append(self._badge_counts(n))
            slug = "badge_counts_%d" % n
        parts.append(self._trigger(n))
        parts.append(self._list_rpc(n))
        return slug, "\n".join(parts)

    def _notifications(self):
        return """-- Notifications shown in the app and sent as pushes.
CREATE TABLE IF NOT EXISTS public.notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL,
    type text NOT NULL,
    title text NOT NULL,
    body text,
    ride_id uuid,
    favor_id uuid,
    conversation_id uuid,
    town_hall_post_id uuid,
    read boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT valid_notification_type CHECK (type IN (%s))
);
CREATE INDEX IF NOT EXISTS notifications_user_unread ON public.notifications (user_id) WHERE NOT read;

-- Where pushes go, and who muted them (read by the edge functions).
CREATE TABLE IF NOT EXISTS public.push_tokens (
    user_id uuid NOT NULL,
    token text NOT NULL,
    PRIMARY KEY (user_id, token)
);
CREATE TABLE IF NOT EXISTS public.notification_preferences (
    user_id uuid PRIMARY KEY,
    muted_until timestamptz
);
""" % _quoted(self.reg.raws[:10])

    def _create_notification(self):
        return """-- The one way triggers create notifications.
CREATE OR REPLACE FUNCTION public.create_notification(p_user_id uuid, p_type text, p_title text, p_ref uuid)
RETURNS uuid
LANGUAGE plpgsql
SECURITY DEFINER
AS $$
DECLARE
    v_id uuid;
BEGIN
    INSERT INTO public.notifications (user_id, type, title, ride_id)
    VALUES (p_user_id, p_type, p_title, p_ref)
    RETURNING id INTO v_id;
    RETURN v_id;
END;
$$;
"""

    def _constraint(self, n, total):
        raws = self.reg.raws if n == total else self.reg.raws[:max(10, len(self.reg.raws) * n // total)]
        style = n % 3 if n != total else 0
        if style == 0:
            check = "CHECK (type IN (%s))" % _quoted(raws)
        elif style == 1:
            check = "CHECK (type = ANY (ARRAY[%s]))" % ", ".join("'%s'::text" % r for r in raws)
        else:
            return """ALTER TABLE notifications DROP CONSTRAINT IF EXISTS valid_notification_type;
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'valid_notification_type') THEN
        ALTER TABLE notifications ADD CONSTRAINT valid_notification_type CHECK (type IN (%s));
    END IF;
END $$;
""" % _quoted(raws)
        return """ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS valid_notification_type;
ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type %s;
""" % check

    def _badge_counts(self, n):
        fields = []
        for key, typ in self.reg.badge_fields:
            if key == "user_id":
                fields.append("'user_id', p_user_id")
            elif typ.startswith("["):
                fields.append("'%s', COALESCE(v_%s, '[]'::jsonb)" % (key, key))
            else:
                fields.append("'%s', COALESCE(v_%s, 0)" % (key, key))
        declares = "\n".join("    v_%s %s;" % (k, "jsonb" if t.startswith("[") else "int")
                             for k, t in self.reg.badge_fields if k != "user_id")
        return """-- get_badge_counts, revision %d.
CREATE OR REPLACE FUNCTION public.get_badge_counts(p_user_id uuid)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
AS $$
DECLARE
%s
BEGIN
    SELECT count(*) INTO v_messages_total FROM public.notifications
    WHERE user_id = p_user_id AND NOT read AND type IN (%s);
    SELECT count(*) INTO v_community_total FROM public.notifications
    WHERE user_id = p_user_id AND NOT read AND type IN ('town_hall_post', 'town_hall_comment');
    RETURN jsonb_build_object(%s);
END;
$$;
""" % (n, declares, _quoted(self.reg.raws[:2]), ", ".join(fields))

    def _table(self, n):
        cols = "\n".join("    col_%d_%d %s," % (n, c, self.rng.choice(["text", "int", "uuid", "timestamptz", "boolean"]))
                         for c in range(self.rng.randint(22, 32)))
        policies = "\n".join(
            """CREATE POLICY feature_%d_%s ON public.feature_%d FOR %s TO authenticated
    USING (user_id = auth.uid());""" % (n, verb.lower(), n, verb) for verb in ["SELECT", "UPDATE", "DELETE"])
        return """-- Migration %d: feature tables, row-level security and notification triggers.
CREATE TABLE IF NOT EXISTS public.feature_%d (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
%s
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS feature_%d_user ON public.feature_%d (user_id, created_at DESC);
CREATE INDEX IF NOT EXISTS feature_%d_updated ON public.feature_%d (updated_at);
ALTER TABLE public.feature_%d ENABLE ROW LEVEL SECURITY;
%s
CREATE POLICY feature_%d_insert ON public.feature_%d FOR INSERT TO authenticated
    WITH CHECK (user_id = auth.uid());

-- History of feature %d rows, written by a trigger so edits can be audited and undone.
CREATE TABLE IF NOT EXISTS public.feature_%d_history (
    history_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    row_id uuid NOT NULL,
    changed_by uuid,
    changed_at timestamptz NOT NULL DEFAULT now(),
    operation text NOT NULL CHECK (operation IN ('INSERT', 'UPDATE', 'DELETE')),
    old_row jsonb,
    new_row jsonb
);
CREATE INDEX IF NOT EXISTS feature_%d_history_row ON public.feature_%d_history (row_id, changed_at DESC);
CREATE OR REPLACE FUNCTION public.feature_%d_audit()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
AS $$
BEGIN
    INSERT INTO public.feature_%d_history (row_id, changed_by, operation, old_row, new_row)
    VALUES (COALESCE(NEW.id, OLD.id), auth.uid(), TG_OP,
            CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END,
            CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END);
    RETURN COALESCE(NEW, OLD);
END;
$$;
DROP TRIGGER IF EXISTS feature_%d_audit ON public.feature_%d;
CREATE TRIGGER feature_%d_audit AFTER INSERT OR UPDATE OR DELETE ON public.feature_%d
    FOR EACH ROW EXECUTE FUNCTION public.feature_%d_audit();
""" % ((n, n, cols, n, n, n, n, n, policies, n, n) + (n,) * 11)

    def _list_rpc(self, n):
        kinds = self.rng.sample(self.reg.raws, 3)
        return """-- Paged feed for feature %d, with unread notification counts per row.
CREATE OR REPLACE FUNCTION public.list_feature_%d(p_user_id uuid, p_limit int DEFAULT 50, p_before timestamptz DEFAULT now())
RETURNS TABLE (id uuid, created_at timestamptz, unread bigint, last_activity timestamptz)
LANGUAGE sql
STABLE
SECURITY DEFINER
SET search_path = public
AS $$
    WITH visible AS (
        SELECT f.id, f.created_at, f.updated_at
        FROM public.feature_%d f
        WHERE f.user_id = p_user_id
          AND f.created_at < p_before
        ORDER BY f.created_at DESC
        LIMIT p_limit
    ),
    counts AS (
        SELECT n.ride_id AS ref_id, count(*) AS unread, max(n.created_at) AS last_at
        FROM public.notifications n
        WHERE n.user_id = p_user_id
          AND NOT n.read
          AND n.type IN (%s)
        GROUP BY n.ride_id
    )
    SELECT v.id, v.created_at, COALESCE(c.unread, 0), GREATEST(v.updated_at, c.last_at)
    FROM visible v
    LEFT JOIN counts c ON c.ref_id = v.id
    ORDER BY v.created_at DESC;
$$;
GRANT EXECUTE ON FUNCTION public.list_feature_%d(uuid, int, timestamptz) TO authenticated;
COMMENT ON FUNCTION public.list_feature_%d(uuid, int, timestamptz) IS
    'Feed of feature %d for the signed-in user; unread counts come from notifications of the related types.';
""" % (n, n, n, _quoted(kinds), n, n, n)

    def _trigger(self, n):
        raw = self.rng.choice(self.reg.raws)
        return """CREATE OR REPLACE FUNCTION public.notify_feature_%d()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
AS $$
BEGIN
    IF NEW.user_id IS DISTINCT FROM auth.uid() THEN
        PERFORM public.create_notification(NEW.user_id, '%s', 'Update %d', NEW.id);
    END IF;
    RETURN NEW;
END;
$$;
DROP TRIGGER IF EXISTS feature_%d_notify ON public.feature_%d;
CREATE TRIGGER feature_%d_notify AFTER INSERT ON public.feature_%d
    FOR EACH ROW EXECUTE FUNCTION public.notify_feature_%d();
""" % (n, raw, n, n, n, n, n, n)

#!/usr/bin/env python3
"""A migration history whose long PL/pgSQL functions are redefined many times: the shape that makes an SQL
reader parse the same function again and again (scripts/bench-sql --redefinitions times it against squawk).

Modelled on a real app's history of 168 migrations: about twenty functions of 40 to 150 lines (notification
triggers, RPCs building JSON, batch jobs), each redefined 5 to 10 times as features grow (a new branch, a new
notification type, a renamed column), beside tables, triggers on the notifications table, inserts into its
typed column and its CHECK constraint redefined in the styles real projects use. Some revisions write a type
a later revision drops again (drift that only the last definition keeps or loses).

Usage: redefinitions.py OUT_DIR [COUNT] (COUNT migrations, at least 150; default 168). Writes OUT_DIR/registry.yaml
and OUT_DIR/database/NNNN_*.sql. Deterministic: the same COUNT gives the same bytes. Needs only python3.
"""
import os
import random
import sys

TYPES = ["message", "added_to_conversation", "new_ride", "ride_update", "ride_claimed", "ride_unclaimed",
         "ride_completed", "favor_update", "favor_claimed", "review", "review_request", "town_hall_post",
         "town_hall_comment", "pending_approval", "user_approved", "announcement", "other"]
# Written by some early revisions and gone from later ones (the registry never listed them).
STRAYS = ["ride_cancelled", "favor_done", "system"]
TABLES = ["rides", "favors", "conversations", "messages", "reviews", "town_hall_posts", "town_hall_comments", "profiles"]

FUNCTIONS = [  # (name, kind): kind picks the body's shape
    ("create_notification", "emitter"), ("notify_ride_update", "trigger"), ("notify_new_message", "trigger"),
    ("notify_favor_update", "trigger"), ("notify_review", "trigger"), ("notify_town_hall", "trigger"),
    ("handle_ride_claim", "rpc"), ("handle_favor_claim", "rpc"), ("get_badge_counts", "badges"),
    ("get_notifications_page", "rpc"), ("mark_notifications_read", "batch"), ("cleanup_old_notifications", "batch"),
    ("approve_user", "rpc"), ("send_announcement", "batch"), ("complete_ride", "rpc"), ("request_review", "batch"),
    ("notify_pending_approval", "trigger"), ("get_conversation_summary", "badges"), ("sync_ride_status", "trigger"),
    ("archive_conversation", "batch"), ("notify_town_hall_comment", "trigger"), ("reassign_ride", "rpc"),
]


def quoted(values):
    return ", ".join("'%s'" % v for v in values)


class History:
    def __init__(self, count):
        self.rng = random.Random(count)
        self.count = count
        # Each function's revisions: 5 to 10 migrations (after the first four) that define it.
        self.plan = {}
        for name, _ in FUNCTIONS:
            revisions = self.rng.randint(5, 10)
            self.plan[name] = sorted(self.rng.sample(range(5, count + 1), revisions))
        self.revision = {name: 0 for name, _ in FUNCTIONS}

    def migration(self, n):
        """(slug, text) of migration n (1-based, replay order)."""
        if n == 1:
            return "notifications", self.notifications()
        if n <= 4:
            return "table_%s" % TABLES[n - 2], self.table(TABLES[n - 2], n)
        parts, slugs = [], []
        if n < 4 + len(TABLES) - 2:
            table = TABLES[n - 2]
            parts.append(self.table(table, n))
            slugs.append("table_%s" % table)
        for name, kind in FUNCTIONS:
            if n in self.plan[name]:
                self.revision[name] += 1
                parts.append(self.function(name, kind, self.revision[name], n))
                slugs.append(name)
        if n % 12 == 0 or n == self.count:
            parts.append(self.constraint(n))
            slugs.append("notification_types")
        if n % 5 == 0:
            parts.append(self.backfill(n))
            slugs.append("backfill")
        if not parts:
            parts.append(self.index(n))
            slugs.append("index")
        return "_".join(slugs[:2]), "\n".join(parts)

    def types_at(self, n):
        """The registered types the app knows by migration n (grows over the history)."""
        return TYPES[:max(8, len(TYPES) * n // self.count)] if n < self.count else TYPES

    def notifications(self):
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
    pushed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT valid_notification_type CHECK (type IN (%s))
);
CREATE INDEX IF NOT EXISTS notifications_user_unread ON public.notifications (user_id) WHERE NOT read;
ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;
CREATE POLICY notifications_own ON public.notifications FOR SELECT TO authenticated USING (user_id = auth.uid());
""" % quoted(TYPES[:8])

    def table(self, table, n):
        cols = "\n".join("    %s_%d %s," % (self.rng.choice(["note", "status", "label", "ref", "flag"]), c,
                                            self.rng.choice(["text", "int", "uuid", "timestamptz", "boolean"]))
                         for c in range(self.rng.randint(8, 16)))
        return """-- %s: the app's %s, owned by a user.
CREATE TABLE IF NOT EXISTS public.%s (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'claimed', 'completed', 'cancelled')),
%s
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS %s_user ON public.%s (user_id, created_at DESC);
ALTER TABLE public.%s ENABLE ROW LEVEL SECURITY;
""" % (table, table.replace("_", " "), table, cols, table, table, table)

    def constraint(self, n):
        types = self.types_at(n)
        style = (n // 12) % 3 if n != self.count else 0
        if style == 0:
            return """ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS valid_notification_type;
ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN (%s));
""" % quoted(types)
        if style == 1:
            return """ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS valid_notification_type;
ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type
    CHECK (type = ANY (ARRAY[%s])) NOT VALID;
""" % ", ".join("'%s'::text" % t for t in types)
        return """DO $$
BEGIN
    ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS valid_notification_type;
    ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN (%s));
END $$;
""" % quoted(types)

    def backfill(self, n):
        old, new = self.rng.sample(self.types_at(n), 2)
        return """-- Backfill %d: older rows get the type the app shows now.
UPDATE public.notifications SET type = '%s' WHERE type = '%s' AND created_at < now() - interval '%d days';
INSERT INTO public.notifications (user_id, type, title, body)
SELECT p.id, '%s', 'Welcome back', 'Step %d of the onboarding'
FROM public.profiles p WHERE p.created_at > now() - interval '1 day';
""" % (n, new, old, n, self.rng.choice(self.types_at(n)), n)

    def index(self, n):
        table = self.rng.choice(TABLES)
        return """-- Migration %d: an index the feed needed.
CREATE INDEX IF NOT EXISTS %s_updated_%d ON public.%s (updated_at DESC) WHERE status <> 'cancelled';
""" % (n, table, n, table)

    # Function bodies: a header, a DECLARE block, then branches, loops and statements that grow with the revision.

    def function(self, name, kind, revision, n):
        types = self.types_at(n)
        # An early revision may write a type that a later one drops (drift in a superseded body).
        stray = STRAYS[sum(map(ord, name)) % len(STRAYS)] if revision == 2 else None
        head = "-- %s, revision %d (migration %d).\n" % (name, revision, n)
        if kind == "emitter":
            return head + self.emitter(revision)
        if kind == "trigger":
            return head + self.trigger(name, revision, types, stray)
        if kind == "badges":
            return head + self.badges(name, revision, types)
        if kind == "batch":
            return head + self.batch(name, revision, types, stray)
        return head + self.rpc(name, revision, types, stray)

    def emitter(self, revision):
        extra = "\n".join("""    IF p_type = '%s' AND v_muted THEN
        RETURN NULL;
    END IF;""" % t for t in TYPES[:revision + 2])
        return """CREATE OR REPLACE FUNCTION public.create_notification(p_user_id uuid, p_type text, p_title text, p_ref uuid DEFAULT NULL)
RETURNS uuid
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public
AS $$
DECLARE
    v_id uuid;
    v_muted boolean := false;
BEGIN
    SELECT COALESCE(bool_or(muted), false) INTO v_muted
    FROM public.notification_preferences
    WHERE user_id = p_user_id AND preference = p_type;
%s
    INSERT INTO public.notifications (user_id, type, title, ride_id)
    VALUES (p_user_id, p_type, p_title, p_ref)
    RETURNING id INTO v_id;
    RETURN v_id;
END;
$$;
""" % extra

    def steps(self, revision, types, stray):
        """The middle of a body: one block per revision step, each a few statements long."""
        blocks = []
        for step in range(3 + revision * 2):
            t = stray if stray and step == 1 else self.rng.choice(types)
            table = self.rng.choice(TABLES)
            shape = self.rng.randrange(5)
            if shape == 0:
                blocks.append("""    -- Step %d: tell the owner.
    IF v_owner IS NOT NULL AND v_owner IS DISTINCT FROM auth.uid() THEN
        PERFORM public.create_notification(v_owner, '%s', format('Your %s changed (%%s)', v_status), v_ref);
        v_sent := v_sent + 1;
    END IF;""" % (step, t, table))
            elif shape == 1:
                blocks.append("""    -- Step %d: everyone following it.
    FOR v_row IN SELECT f.user_id FROM public.%s f WHERE f.id = v_ref AND f.user_id <> v_owner LOOP
        INSERT INTO public.notifications (user_id, type, title, body)
        VALUES (v_row.user_id, '%s', 'Update on a %s', left(v_note, 140));
        v_sent := v_sent + 1;
    END LOOP;""" % (step, table, t, table.rstrip("s")))
            elif shape == 2:
                blocks.append("""    -- Step %d: status bookkeeping.
    SELECT count(*) INTO v_count FROM public.notifications n
    WHERE n.user_id = v_owner AND NOT n.read AND n.type IN (%s);
    IF v_count > %d THEN
        UPDATE public.notifications SET read = true
        WHERE user_id = v_owner AND type = '%s' AND created_at < now() - interval '%d days';
    ELSIF v_count = 0 THEN
        v_status := 'quiet';
    ELSE
        v_status := 'busy';
    END IF;""" % (step, quoted(self.rng.sample(types, 3)), 10 + step, t, 7 + step))
            elif shape == 3:
                blocks.append("""    -- Step %d: the related %s.
    UPDATE public.%s SET updated_at = now(), status = CASE WHEN v_status = 'busy' THEN 'claimed' ELSE status END
    WHERE id = v_ref;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count = 0 THEN
        RAISE NOTICE '%% has no %s row %%', TG_NAME, v_ref;
    END IF;""" % (step, table, table, table))
            else:
                blocks.append("""    -- %s: an audit row, best effort.
    BEGIN
        INSERT INTO public.audit_log (actor, action, detail, created_at)
        VALUES (auth.uid(), '%s', jsonb_build_object('ref', v_ref, 'type', '%s', 'sent', v_sent), now());
    EXCEPTION WHEN undefined_table THEN
        NULL;
    END;""" % ("Step %d" % step, "step_%d" % step, t))
        return "\n".join(blocks)

    def declares(self):
        return """DECLARE
    v_owner uuid;
    v_ref uuid;
    v_status text := 'open';
    v_note text;
    v_count int := 0;
    v_sent int := 0;
    v_row record;"""

    def trigger(self, name, revision, types, stray):
        table = TABLES[sum(map(ord, name)) % len(TABLES)]
        cases = "\n".join("        WHEN '%s' THEN v_note := 'Now %s';" % (s, s)
                          for s in ["open", "claimed", "completed", "cancelled"][:2 + revision % 3])
        return """CREATE OR REPLACE FUNCTION public.%s()
RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public
AS $$
%s
BEGIN
    v_owner := NEW.user_id;
    v_ref := NEW.id;
    IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
        RETURN NEW;
    END IF;
    CASE NEW.status
%s
        ELSE v_note := 'Changed';
    END CASE;
%s
    RETURN NEW;
END;
$$;
DROP TRIGGER IF EXISTS %s_trigger ON public.%s;
CREATE TRIGGER %s_trigger AFTER INSERT OR UPDATE ON public.%s
    FOR EACH ROW EXECUTE FUNCTION public.%s();
""" % (name, self.declares(), cases, self.steps(revision, types, stray), name, table, name, table, name)

    def rpc(self, name, revision, types, stray):
        table = TABLES[sum(map(ord, name)) % len(TABLES)]
        return """CREATE OR REPLACE FUNCTION public.%s(p_id uuid, p_note text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public
AS $$
%s
BEGIN
    SELECT t.user_id, t.id, t.status INTO v_owner, v_ref, v_status FROM public.%s t WHERE t.id = p_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION '%s: no row %%', p_id USING ERRCODE = 'P0002';
    END IF;
    v_note := COALESCE(p_note, 'Changed by ' || auth.uid()::text);
%s
    RETURN jsonb_build_object('id', v_ref, 'status', v_status, 'sent', v_sent, 'revision', %d);
END;
$$;
GRANT EXECUTE ON FUNCTION public.%s(uuid, text) TO authenticated;
""" % (name, self.declares(), table, name, self.steps(revision, types, stray), revision, name)

    def batch(self, name, revision, types, stray):
        return """CREATE OR REPLACE FUNCTION public.%s(p_days int DEFAULT 30)
RETURNS int
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public
AS $$
%s
BEGIN
    FOR v_row IN SELECT DISTINCT n.user_id FROM public.notifications n
                 WHERE n.created_at < now() - make_interval(days => p_days) LOOP
        v_owner := v_row.user_id;
        v_ref := NULL;
%s
    END LOOP;
    DELETE FROM public.notifications WHERE read AND created_at < now() - make_interval(days => p_days * 2);
    RETURN v_sent;
END;
$$;
""" % (name, self.declares(), self.steps(revision, types, stray).replace("\n", "\n    "))

    def badges(self, name, revision, types):
        fields = ", ".join("'%s', (SELECT count(*) FROM public.notifications n WHERE n.user_id = p_user_id AND NOT n.read "
                           "AND n.type = '%s')" % (t, t) for t in types[:4 + revision])
        return """CREATE OR REPLACE FUNCTION public.%s(p_user_id uuid)
RETURNS jsonb
LANGUAGE plpgsql
STABLE
SECURITY DEFINER
SET search_path = public
AS $$
DECLARE
    v_total int;
    v_result jsonb;
BEGIN
    SELECT count(*) INTO v_total FROM public.notifications WHERE user_id = p_user_id AND NOT read;
    v_result := jsonb_build_object('total', v_total, %s);
    RETURN v_result;
END;
$$;
""" % (name, fields)


REGISTRY = """version: 1
notification_types:
  swift_enum: NotificationType
  sql: { table: public.notifications, column: type, constraint: valid_notification_type }
  fallback: other
  values:
%s
emitters:
  sql: [{ function: create_notification, argument: 2 }]
migrations:
  - { dir: database, scheme: sequential, width: 4 }
outputs: { swift: generated/Swift, typescript: generated/ts }
"""


def build(out, count):
    if count < 150:
        raise SystemExit("redefinitions.py: at least 150 migrations")
    history = History(count)
    os.makedirs(os.path.join(out, "database"), exist_ok=True)
    with open(os.path.join(out, "registry.yaml"), "w", encoding="utf-8") as f:
        f.write(REGISTRY % "\n".join("    - raw: %s" % t for t in TYPES))
    for n in range(1, count + 1):
        slug, text = history.migration(n)
        with open(os.path.join(out, "database", "%04d_%s.sql" % (n, slug)), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[-2])
    build(sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 168)

-- Notifications the app schedules for later: `kind` is free text, read back by the sender job.
CREATE TABLE IF NOT EXISTS public.scheduled_notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL,
    title text NOT NULL,
    body text,
    kind text NOT NULL DEFAULT 'reminder_due',
    send_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- What users did, for the activity screen: its `kind` is a free-text event name, not a notification type.
CREATE TABLE IF NOT EXISTS public.activity_log (
    id bigserial PRIMARY KEY,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  device_token text,
  due_at timestamptz NOT NULL
);

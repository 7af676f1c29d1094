CREATE TABLE public.notification_queue (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient_user_id uuid NOT NULL,
  notification_type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  sent_at timestamptz
);

-- Every push goes through the queue; process-push-queue sends it.
CREATE OR REPLACE FUNCTION public.queue_push_notification(
  p_user_id uuid,
  p_type text,
  p_title text,
  p_body text,
  p_data jsonb DEFAULT '{}'::jsonb
) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  v_id uuid;
BEGIN
  INSERT INTO public.notification_queue (recipient_user_id, notification_type, payload)
  VALUES (p_user_id, p_type::text, jsonb_build_object('title', p_title, 'body', p_body, 'data', p_data))
  RETURNING id INTO v_id;
  RETURN v_id;
END;
$$;

CREATE OR REPLACE FUNCTION public.register_push_token(p_token text, p_type text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO public.push_tokens (user_id, token, type) VALUES (auth.uid(), p_token, p_type);
$$;

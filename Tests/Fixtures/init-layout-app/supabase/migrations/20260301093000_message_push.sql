CREATE TABLE IF NOT EXISTS public.messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL,
  sender_id uuid NOT NULL,
  recipient_id uuid NOT NULL,
  body text NOT NULL
);

CREATE OR REPLACE FUNCTION public.on_message_created() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  INSERT INTO public.notifications (user_id, type, title, body)
  SELECT NEW.recipient_id, 'message', 'New message', left(NEW.body, 120);
  PERFORM public.queue_push_notification(
    NEW.recipient_id,
    'message',
    'New message',
    left(NEW.body, 120),
    jsonb_build_object('conversation_id', NEW.conversation_id, 'user_id', NEW.sender_id)
  );
  RETURN NEW;
END;
$$;

CREATE TRIGGER message_created_push AFTER INSERT ON public.messages
  FOR EACH ROW EXECUTE FUNCTION public.on_message_created();

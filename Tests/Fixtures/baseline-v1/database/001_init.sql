CREATE TABLE public.notifications (
  id bigint PRIMARY KEY,
  type text NOT NULL,
  CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_updated'))
);

INSERT INTO public.notifications (id, type) VALUES (1, 'ride_claimd');

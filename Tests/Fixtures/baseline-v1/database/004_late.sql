UPDATE public.notifications SET type = 'message' WHERE type = 'mesage';

-- The columns the edge function's insert writes and leaves to the database (the project's later schema).
ALTER TABLE public.notifications ADD COLUMN user_id uuid;
CREATE SEQUENCE public.notifications_id_seq OWNED BY public.notifications.id;
ALTER TABLE public.notifications ALTER COLUMN id SET DEFAULT nextval('public.notifications_id_seq');

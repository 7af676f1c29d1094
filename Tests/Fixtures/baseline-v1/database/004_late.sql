UPDATE public.notifications SET type = 'message' WHERE type = 'mesage';

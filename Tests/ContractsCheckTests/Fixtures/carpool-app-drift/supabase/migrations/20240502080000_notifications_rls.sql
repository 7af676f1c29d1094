-- Notifications are private to their recipient.
ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;
CREATE POLICY notifications_own ON public.notifications FOR SELECT USING (user_id = auth.uid());
-- Applied by hand long ago; PostgreSQL 15 cannot parse it (IF EXISTS belongs before the name), and an applied
-- migration is never edited. It names the table, so what the type constraint allows after it is unknown.
ALTER TABLE IF EXISTS public.notifications DROP CONSTRAINT notifications_type_check IF EXISTS;

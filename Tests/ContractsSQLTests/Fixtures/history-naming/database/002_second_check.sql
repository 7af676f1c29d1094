-- An unnamed second check: PostgreSQL calls it notifications_type_check1.
ALTER TABLE public.notifications ADD CHECK (type IN ('a', 'b')) NOT VALID;
ALTER TABLE public.notifications VALIDATE CONSTRAINT notifications_type_check1;

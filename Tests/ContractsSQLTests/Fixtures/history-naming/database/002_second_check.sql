-- An unnamed second check: PostgreSQL calls it notifications_type_check1.
ALTER TABLE public.notifications ADD CHECK (type IN ('a', 'b')) NOT VALID;
ALTER TABLE public.notifications VALIDATE CONSTRAINT notifications_type_check1;

-- Guarded: check1 exists, so no third check (it would be notifications_type_check2).
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'notifications_type_check1') THEN
        ALTER TABLE notifications ADD CHECK (type IN ('zzz'));
    END IF;
END $$;

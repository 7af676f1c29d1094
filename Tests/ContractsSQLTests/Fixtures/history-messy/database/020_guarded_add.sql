-- The constraint already exists, so this block does nothing.
DO $$
BEGIN
    IF NOT EXISTS (
        SELECT 1 FROM pg_constraint WHERE conname = 'valid_notification_type'
    ) THEN
        ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type
            CHECK (type IN ('never_applied'));
    END IF;
END $$;

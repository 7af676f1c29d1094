DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'notifications_type_check') THEN
        ALTER TABLE notifications ADD CONSTRAINT should_not_exist CHECK (type IN ('x'));
    ELSE
        RAISE NOTICE 'constraint already gone';
    END IF;
END $$;

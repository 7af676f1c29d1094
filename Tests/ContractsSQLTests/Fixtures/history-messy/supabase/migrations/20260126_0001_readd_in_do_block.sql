DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'notification_type_allowed') THEN
        ALTER TABLE public.notifications DROP CONSTRAINT notification_type_allowed;
    END IF;
    ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type
        CHECK (type = 'message' OR type = 'new_ride' OR type = 'ride_update' OR type = 'ride_claimed' OR type = 'town_hall_post')
        NOT VALID;
END $$;

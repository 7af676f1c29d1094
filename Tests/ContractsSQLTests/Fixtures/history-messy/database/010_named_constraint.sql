ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT valid_notification_type
    CHECK (type = ANY (ARRAY['message'::text, 'new_ride'::text, 'ride_claimed'::text, 'ride_update'::text]));

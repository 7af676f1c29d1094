CREATE TABLE notifications (id int, type text CONSTRAINT valid_notification_type CHECK (type IN ('message', 'other')));

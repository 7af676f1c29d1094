ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;

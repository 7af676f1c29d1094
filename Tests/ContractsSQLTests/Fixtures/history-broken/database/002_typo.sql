-- Broken on purpose: «FRM» is not a keyword.
SELECT id FRM notifications;
ALTER TABLE notifications DROP CONSTRAINT valid_notification_type;

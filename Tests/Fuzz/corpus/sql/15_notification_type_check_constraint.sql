-- Phase 7: the CHECK constraint lists every notification type the app knows.
ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS valid_notification_type;
ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN (
    'message', 'added_to_conversation',
    'new_ride', 'ride_update', 'ride_claimed', 'ride_unclaimed', 'ride_completed',
    'new_favor', 'favor_update', 'favor_claimed', 'favor_unclaimed', 'favor_completed',
    'completion_reminder', 'qa_activity', 'qa_question', 'qa_answer',
    'review', 'review_received', 'review_reminder', 'review_request',
    'town_hall_post', 'town_hall_comment',
    'announcement', 'admin_announcement', 'broadcast',
    'pending_approval', 'user_approved', 'user_rejected',
    'other'
)) NOT VALID;
ALTER TABLE public.notifications VALIDATE CONSTRAINT valid_notification_type;
COMMENT ON COLUMN public.notifications.type IS 'A registered notification type, such as ''message'' or ''ride_claimed''';

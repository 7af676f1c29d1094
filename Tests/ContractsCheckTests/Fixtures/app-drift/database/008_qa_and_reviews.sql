-- Questions and answers on requests, reviews after completion.
CREATE TABLE public.request_questions (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    ride_id uuid REFERENCES public.rides (id) ON DELETE CASCADE,
    favor_id uuid REFERENCES public.favors (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES public.profiles (id),
    question text NOT NULL,
    answer text,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.reviews (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    reviewer_id uuid NOT NULL REFERENCES public.profiles (id),
    reviewee_id uuid NOT NULL REFERENCES public.profiles (id),
    ride_id uuid REFERENCES public.rides (id),
    favor_id uuid REFERENCES public.favors (id),
    rating int NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment text,
    created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE notifications DROP CONSTRAINT IF EXISTS valid_notification_type;
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'valid_notification_type') THEN
        ALTER TABLE notifications ADD CONSTRAINT valid_notification_type CHECK (type IN (
            'message', 'added_to_conversation',
            'new_ride', 'ride_update', 'ride_claimed', 'ride_unclaimed', 'ride_completed',
            'new_favor', 'favor_update', 'favor_claimed', 'favor_unclaimed', 'favor_completed',
            'completion_reminder', 'qa_activity', 'qa_question', 'qa_answer',
            'review', 'review_received', 'review_reminder',
            'town_hall_post', 'town_hall_comment',
            'announcement', 'admin_announcement', 'broadcast',
            'pending_approval', 'user_approved', 'user_rejected',
            'other'
        ));
    END IF;
END $$;

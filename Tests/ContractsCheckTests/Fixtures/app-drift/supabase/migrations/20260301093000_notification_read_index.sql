create index if not exists notifications_user_created_idx
    on public.notifications (user_id, created_at desc);

-- Device tokens, one per conversation a participant is in (the message push embeds them from the participants).
CREATE TABLE public.push_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    conversation_id uuid NOT NULL,
    user_id uuid NOT NULL,
    token text NOT NULL,
    FOREIGN KEY (conversation_id, user_id) REFERENCES public.conversation_participants (conversation_id, user_id) ON DELETE CASCADE
);

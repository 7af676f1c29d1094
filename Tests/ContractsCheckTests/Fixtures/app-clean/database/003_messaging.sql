-- Conversations and messages.
CREATE TABLE public.conversations (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    ride_id uuid REFERENCES public.rides (id),
    favor_id uuid REFERENCES public.favors (id),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.conversation_participants (
    conversation_id uuid NOT NULL REFERENCES public.conversations (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
    last_seen timestamptz,
    PRIMARY KEY (conversation_id, user_id)
);

CREATE TABLE public.messages (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
    conversation_id uuid NOT NULL REFERENCES public.conversations (id) ON DELETE CASCADE,
    from_id uuid NOT NULL REFERENCES public.profiles (id),
    text text NOT NULL,
    read_by uuid[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX messages_conversation_idx ON public.messages (conversation_id, created_at DESC);

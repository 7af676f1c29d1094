-- Rooms, invites, messages and reports. There is no notifications table: a push carries its type in its data.
CREATE TABLE public.profiles (
  id uuid PRIMARY KEY,
  display_name text,
  status text DEFAULT 'online'            -- presence, written by a client heartbeat: free text nobody declares
);

CREATE TABLE public.chat_rooms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'active'
    CONSTRAINT chat_rooms_status_check CHECK (status IN ('active', 'archived', 'blocked', 'deleted'))
);

CREATE TABLE public.invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  room_id uuid NOT NULL REFERENCES public.chat_rooms (id),
  invitee_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined'))
);

CREATE TABLE public.messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  room_id uuid NOT NULL REFERENCES public.chat_rooms (id),
  sender_id uuid NOT NULL,
  body text NOT NULL
);

CREATE TABLE public.reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reporter_id uuid NOT NULL,
  message_id uuid REFERENCES public.messages (id),
  reason text NOT NULL,                   -- validated by the edge function and the app, never by the database
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'reviewing', 'closed'))
);

-- Invites to a chat room, by email. Written by RPCs (see 20240510120000) and the invite-handler edge function.
create table public.invites (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.chat_rooms (id) on delete cascade,
  invited_by uuid not null references public.profiles (id),
  email text not null,
  status text not null default 'pending',
  token text not null default replace(gen_random_uuid()::text, '-', ''),
  opened_at timestamptz,
  responded_at timestamptz,
  created_at timestamptz not null default now(),
  constraint invites_status_check check (
    status = any (array['pending'::text, 'sent'::text, 'opened'::text, 'accepted'::text,
                        'declined'::text, 'expired'::text, 'revoked'::text])
  )
);

create unique index invites_open_per_email on public.invites (room_id, email)
  where status in ('pending', 'sent', 'opened');

alter table public.invites enable row level security;

create policy "Inviters see their invites"
  on public.invites for select
  to authenticated
  using (invited_by = auth.uid());

-- Rooms, invites and the media people post in them.
create table if not exists public.chat_rooms (
    id uuid primary key default gen_random_uuid(),
    title text not null,
    status text not null default 'active',
    created_at timestamptz not null default now(),
    constraint chat_rooms_status_check check (status in ('active', 'archived', 'deleted'))
);

create table if not exists public.invites (
    id uuid primary key default gen_random_uuid(),
    room_id uuid not null references public.chat_rooms (id) on delete cascade,
    invitee uuid not null,
    status text not null default 'pending',
    constraint invites_status_check check (status = any (array['pending'::text, 'accepted'::text, 'declined'::text]))
);

-- `type` here is the kind of attachment, not a push type.
create table if not exists public.media (
    id uuid primary key default gen_random_uuid(),
    room_id uuid not null references public.chat_rooms (id),
    type text not null check (type in ('photo', 'video', 'voice_note')),
    path text not null
);

create or replace function public.archive_idle_rooms() returns void
language sql as $$
    update public.chat_rooms set status = 'archived'
    where status = 'active' and created_at < now() - interval '90 days';
$$;

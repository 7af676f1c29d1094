-- Chat rooms, their members and messages.
create type public.member_role as enum ('owner', 'admin', 'member');

create table public.chat_rooms (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  created_by uuid not null references public.profiles (id),
  status text not null default 'active',
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  constraint chat_rooms_status_check check (status in ('active', 'archived', 'closed'))
);

create table public.chat_room_members (
  room_id uuid not null references public.chat_rooms (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.member_role not null default 'member',
  joined_at timestamptz not null default now(),
  primary key (room_id, user_id)
);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.chat_rooms (id) on delete cascade,
  sender_id uuid not null references public.profiles (id),
  body text not null,
  created_at timestamptz not null default now()
);

create index messages_room_created_idx on public.messages (room_id, created_at desc);

alter table public.chat_rooms enable row level security;
alter table public.chat_room_members enable row level security;
alter table public.messages enable row level security;

create policy "Members read their rooms"
  on public.chat_rooms for select
  to authenticated
  using (exists (
    select 1 from public.chat_room_members m
    where m.room_id = chat_rooms.id and m.user_id = auth.uid()
  ));

create policy "Members read messages"
  on public.messages for select
  to authenticated
  using (exists (
    select 1 from public.chat_room_members m
    where m.room_id = messages.room_id and m.user_id = auth.uid()
  ));

-- Keeps the room list sorted by activity.
create or replace function public.touch_room_on_message()
returns trigger
language plpgsql
as $$
begin
  update public.chat_rooms
     set last_message_at = new.created_at
   where id = new.room_id;
  return new;
end;
$$;

create trigger messages_touch_room
  after insert on public.messages
  for each row execute function public.touch_room_on_message();

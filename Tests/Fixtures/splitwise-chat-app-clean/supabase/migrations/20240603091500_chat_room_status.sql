-- Rooms can be locked by moderators and soft-deleted; "closed" is retired in favour of "archived",
-- but the CHECK keeps accepting it because rooms closed before this release still hold it.
alter table public.chat_rooms drop constraint chat_rooms_status_check;
alter table public.chat_rooms
  add constraint chat_rooms_status_check
  check (status = any (array['active'::text, 'archived'::text, 'locked'::text, 'deleted'::text, 'closed'::text]));

-- Closes a room: used by the old admin screen.
create or replace function public.close_room(p_room_id uuid)
returns void
language plpgsql
security definer
set search_path = public
as $$
begin
  update public.chat_rooms set status = 'archived' where id = p_room_id;
  insert into public.notifications (user_id, type, title)
  select m.user_id, 'roomArchived', 'A room you are in was archived'
    from public.chat_room_members m
   where m.room_id = p_room_id;
end;
$$;

-- Rooms with no message for 90 days go quiet on their own.
create or replace function public.chat_rooms_auto_archive()
returns trigger
language plpgsql
as $$
begin
  if new.status = 'active' and new.last_message_at < now() - interval '90 days' then
    new.status := 'archived';
  end if;
  return new;
end;
$$;

create trigger chat_rooms_auto_archive
  before update on public.chat_rooms
  for each row execute function public.chat_rooms_auto_archive();

-- Invites still open in rooms people use (the inviter's "pending" list).
create or replace view public.open_invites_in_active_rooms as
select i.id, i.room_id, i.email, i.created_at
  from public.invites i
  join public.chat_rooms r on r.id = i.room_id
 where r.status = 'active'
   and i.status = 'pending';

create policy "Deleted rooms are hidden"
  on public.chat_rooms as restrictive for select
  to authenticated
  using (status <> 'deleted');

-- Invite RPCs the app calls (supabase.rpc), and the trigger that stamps invite events.
create or replace function public.create_invite(p_room_id uuid, p_email text)
returns public.invites
language plpgsql
security definer
set search_path = public
as $$
declare
  result public.invites;
begin
  insert into public.invites (room_id, invited_by, email, status)
  values (p_room_id, auth.uid(), lower(p_email), 'pending')
  returning * into result;
  return result;
end;
$$;

-- Sends the same invite again: the old one expires, a new one is queued for the mailer.
create or replace function public.resend_invite(p_invite_id uuid)
returns public.invites
language plpgsql
security definer
set search_path = public
as $$
declare
  old public.invites;
  result public.invites;
begin
  update public.invites set status = 'expired' where id = p_invite_id returning * into old;
  insert into public.invites (room_id, invited_by, email, status)
  values (old.room_id, old.invited_by, old.email, 'pending')
  returning * into result;
  return result;
end;
$$;

create or replace function public.accept_invite(p_token text)
returns uuid
language plpgsql
security definer
set search_path = public
as $$
declare
  inv public.invites;
begin
  select * into inv from public.invites
   where token = p_token and status in ('pending', 'sent', 'opened')
   for update;
  if not found then
    raise exception 'invite not found or no longer open';
  end if;

  update public.invites set status = 'accepted', responded_at = now() where id = inv.id;
  insert into public.chat_room_members (room_id, user_id, role) values (inv.room_id, auth.uid(), 'member');
  insert into public.notifications (user_id, type, title)
  values (inv.invited_by, 'inviteAccepted', 'Your invite was accepted');
  return inv.room_id;
end;
$$;

create or replace function public.revoke_invite(p_invite_id uuid)
returns void
language sql
security definer
set search_path = public
as $$
  update public.invites set status = 'revoked' where id = p_invite_id and invited_by = auth.uid();
$$;

-- Expires invites nobody answered in two weeks (pg_cron, daily).
create or replace function public.expire_stale_invites()
returns integer
language plpgsql
security definer
set search_path = public
as $$
declare
  n integer;
begin
  update public.invites i
     set status = 'expired'
    from public.chat_rooms r
   where r.id = i.room_id
     and i.status in ('pending', 'sent', 'opened')
     and (i.created_at < now() - interval '14 days' or r.status = 'archived');
  get diagnostics n = row_count;
  return n;
end;
$$;

-- Stamps when an invite was opened or answered.
create or replace function public.invites_stamp()
returns trigger
language plpgsql
as $$
begin
  if new.opened_at is not null and old.opened_at is null and new.status = 'sent' then
    new.status := 'opened';
  end if;
  if new.status in ('accepted', 'declined') and new.responded_at is null then
    new.responded_at := now();
  end if;
  return new;
end;
$$;

create trigger invites_stamp
  before update on public.invites
  for each row execute function public.invites_stamp();

-- The invite-handler edge function tells an invitee who already has an account.
create or replace function public.user_id_for_email(p_email text)
returns uuid
language sql
stable
security definer
set search_path = public, auth
as $$
  select id from auth.users where lower(email) = lower(p_email) limit 1;
$$;

revoke execute on function public.user_id_for_email(text) from public, anon, authenticated;

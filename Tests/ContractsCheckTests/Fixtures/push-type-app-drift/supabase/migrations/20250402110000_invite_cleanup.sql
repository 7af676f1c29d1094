-- Invites nobody answered within a week are declined; photos of deleted rooms go.
create or replace function public.decline_stale_invites() returns integer
language plpgsql as $$
declare
    n integer;
begin
    update public.invites set status = 'declined'
    where status = 'pending' and room_id in (select id from public.chat_rooms where status <> 'deleted');
    get diagnostics n = row_count;
    delete from public.media where type = 'photo' and room_id in (select id from public.chat_rooms where status = 'deleted');
    return n;
end;
$$;

-- The bell's "Mark all read": returns how many rows changed so the app can adjust its badge without a refetch.
create or replace function public.mark_all_notifications_read(p_user_id uuid)
returns integer
language plpgsql security definer as $$
declare
    v_count integer;
begin
    update public.notifications set read = true where user_id = p_user_id and not read;
    get diagnostics v_count = row_count;
    return v_count;
end;
$$;

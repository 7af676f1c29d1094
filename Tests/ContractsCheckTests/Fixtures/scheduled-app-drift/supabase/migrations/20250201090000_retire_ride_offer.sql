-- ride_offer is retired: old rows become ride_update, and the inbox no longer accepts it.
update public.notifications set kind = 'ride_update' where kind = 'ride_offer';
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check
    check (kind in ('new_message', 'ride_update', 'weekly_summary'));

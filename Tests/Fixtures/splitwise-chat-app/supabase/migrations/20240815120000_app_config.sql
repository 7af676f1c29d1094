-- Remote configuration read at launch, and the first values.
create table public.app_config (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

alter table public.app_config enable row level security;

create policy "Anyone reads the app config"
  on public.app_config for select
  to anon, authenticated
  using (true);

insert into public.app_config (key, value) values
  ('default_plan', 'free'),
  ('welcome_room_status', 'active'),
  ('invite_expiry_days', '14'),
  ('media_max_mb', '25'),
  ('feature.expenseAdded.push', 'on');

-- Old rooms closed before 2024-06 are archived now; "closed" stays accepted for the app versions in the field.
update public.chat_rooms set status = 'archived' where status = 'closed';

-- Members of locked rooms are demoted to guests.
update public.chat_room_members m
   set role = 'guest'
  from public.chat_rooms r
 where r.id = m.room_id and r.status = 'locked' and m.role = 'member';

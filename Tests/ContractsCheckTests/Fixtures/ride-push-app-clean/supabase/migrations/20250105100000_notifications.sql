create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  type text not null,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  constraint notifications_type_check check (type in ('ride_requested', 'ride_cancelled'))
);

create table public.ride_events (
  id bigserial primary key,
  ride_id uuid not null,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);

-- How many cancellations the rider has not read yet (the badge on the rides tab).
create or replace function public.unread_cancellations(p_user_id uuid)
returns bigint language sql stable as $$
  select count(*) from public.notifications
  where user_id = p_user_id and read_at is null and type = 'ride_cancelled'
$$;

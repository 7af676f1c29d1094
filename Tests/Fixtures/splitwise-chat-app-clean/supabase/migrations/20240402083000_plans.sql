-- Paid plans. The profile keeps the current plan for quick checks; subscriptions keep the history.
alter table public.profiles
  add column plan text not null default 'free' check (plan in ('free', 'plus', 'pro', 'family', 'premium'));

create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  plan text not null,
  store_transaction_id text unique,
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  constraint subscriptions_plan_check check (plan = any (array['free'::text, 'plus'::text, 'pro'::text, 'family'::text]))
);

alter table public.subscriptions enable row level security;

create policy "Users read their subscriptions"
  on public.subscriptions for select
  to authenticated
  using (user_id = auth.uid());

-- Keeps profiles.plan in step with the newest subscription.
create or replace function public.sync_profile_plan()
returns trigger
language plpgsql
security definer
set search_path = public
as $$
begin
  update public.profiles set plan = new.plan where id = new.user_id;
  return new;
end;
$$;

create trigger subscriptions_sync_plan
  after insert on public.subscriptions
  for each row execute function public.sync_profile_plan();

-- 'premium' was renamed 'pro' in 2.0; old profiles are moved over (the CHECK keeps accepting it for old clients).
update public.profiles set plan = 'pro' where plan = 'premium';

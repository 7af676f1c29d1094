-- In-app notifications; the send-notification edge function pushes each new row (database webhook).
-- The type values are camelCase: the first app version decoded them with implicit raw values.
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  type text not null,
  title text not null,
  body text,
  data jsonb not null default '{}'::jsonb,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  constraint notifications_type_check check (type in (
    'expenseAdded', 'expenseSettled', 'expenseDeleted', 'commentAdded', 'inviteReceived', 'general'
  ))
);

create index notifications_user_unread_idx on public.notifications (user_id, created_at desc)
  where read_at is null;

alter table public.notifications enable row level security;

create policy "Users read their notifications"
  on public.notifications for select
  to authenticated
  using (user_id = auth.uid());

create policy "Users mark their notifications read"
  on public.notifications for update
  to authenticated
  using (user_id = auth.uid());

-- Tells every other group member about a new expense.
create or replace function public.notify_expense_added()
returns trigger
language plpgsql
security definer
set search_path = public
as $$
begin
  insert into public.notifications (user_id, type, title, data)
  select gm.user_id, 'expenseAdded', 'New expense: ' || new.description,
         jsonb_build_object('expense_id', new.id, 'group_id', new.group_id)
    from public.group_members gm
   where gm.group_id = new.group_id and gm.user_id <> new.paid_by;
  return new;
end;
$$;

create trigger expenses_notify_added
  after insert on public.expenses
  for each row execute function public.notify_expense_added();

-- Tells the payer about a comment on their expense.
create or replace function public.notify_comment_added()
returns trigger
language plpgsql
security definer
set search_path = public
as $$
declare
  payer uuid;
begin
  select paid_by into payer from public.expenses where id = new.expense_id;
  if payer is not null and payer <> new.author_id then
    insert into public.notifications (user_id, type, title, data)
    values (payer, 'commentAdded', 'New comment', jsonb_build_object('expense_id', new.expense_id));
  end if;
  return new;
end;
$$;

create trigger expense_comments_notify
  after insert on public.expense_comments
  for each row execute function public.notify_comment_added();

-- APNs device tokens, registered by the app at launch.
create table public.device_tokens (
  token text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  platform text not null default 'ios' check (platform in ('ios', 'ipados')),
  updated_at timestamptz not null default now()
);

alter table public.device_tokens enable row level security;

create policy "Users register their devices"
  on public.device_tokens for insert
  to authenticated
  with check (user_id = auth.uid());

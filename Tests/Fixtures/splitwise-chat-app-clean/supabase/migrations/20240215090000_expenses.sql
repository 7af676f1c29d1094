-- Groups share expenses; each expense has a category the app shows as an icon.
create table public.groups (
  id uuid primary key default gen_random_uuid(),
  room_id uuid references public.chat_rooms (id) on delete set null,
  name text not null,
  created_by uuid not null references public.profiles (id),
  currency text not null default 'USD'
);

create table public.group_members (
  group_id uuid not null references public.groups (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.member_role not null default 'member',
  primary key (group_id, user_id)
);

create table public.expenses (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references public.groups (id) on delete cascade,
  paid_by uuid not null references public.profiles (id),
  amount_cents bigint not null check (amount_cents > 0),
  description text not null,
  category text not null default 'other',
  settled boolean not null default false,
  created_at timestamptz not null default now(),
  constraint expenses_category_check
    check (category in ('food', 'transport', 'housing', 'utilities', 'entertainment', 'other'))
);

create table public.expense_comments (
  id uuid primary key default gen_random_uuid(),
  expense_id uuid not null references public.expenses (id) on delete cascade,
  author_id uuid not null references public.profiles (id),
  body text not null,
  created_at timestamptz not null default now()
);

alter table public.groups enable row level security;
alter table public.group_members enable row level security;
alter table public.expenses enable row level security;
alter table public.expense_comments enable row level security;

create policy "Group members read expenses"
  on public.expenses for select
  to authenticated
  using (exists (
    select 1 from public.group_members gm
    where gm.group_id = expenses.group_id and gm.user_id = auth.uid()
  ));

-- Imports from the old CSV format send no category.
create or replace function public.default_expense_category()
returns trigger
language plpgsql
as $$
begin
  if new.category is null then
    new.category := 'other';
  end if;
  return new;
end;
$$;

create trigger expenses_default_category
  before insert on public.expenses
  for each row execute function public.default_expense_category();

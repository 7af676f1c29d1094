create table public.wallet_transactions (
    id bigint generated always as identity primary key,
    user_id uuid not null,
    kind text not null,
    pence integer not null,
    created_at timestamptz not null default now(),
    constraint wallet_transactions_kind_check check (kind in ('deposit', 'withdrawal', 'entry_fee', 'prize'))
);

-- Free text: the feed writes whatever the provider says.
create table public.fixtures (
    id uuid primary key default gen_random_uuid(),
    home text not null,
    away text not null,
    status text not null default 'scheduled',
    kickoff timestamptz not null
);

-- A push log: its `type` is the APNs push type header (alert or background), not an enum of ours.
create table public.push_log (
    id bigint generated always as identity primary key,
    type text not null default 'alert',
    screen text
);

create or replace function public.pay_prize(p_user uuid, p_pence integer) returns void
language sql as $$
    insert into public.wallet_transactions (user_id, kind, pence) values (p_user, 'prize', p_pence);
$$;

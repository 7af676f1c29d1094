-- The inbox and the queue of notifications still to send: both hold a NotificationKind.
create table public.notifications (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null,
    kind text not null,
    created_at timestamptz not null default now(),
    constraint notifications_kind_check check (kind in ('new_message', 'ride_update', 'weekly_summary', 'ride_offer'))
);

create table public.scheduled_notifications (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null,
    kind text not null,
    send_at timestamptz not null default now(),
    constraint scheduled_notifications_kind_check check (kind in ('new_message', 'ride_update', 'weekly_summary'))
);

-- A report's kind is no notification kind.
create table public.reports (
    id uuid primary key default gen_random_uuid(),
    kind text not null
);

-- The first release's welcome row: ride_offer was a kind then (retired since).
insert into public.notifications (user_id, kind) values ('00000000-0000-0000-0000-000000000001', 'ride_offer');

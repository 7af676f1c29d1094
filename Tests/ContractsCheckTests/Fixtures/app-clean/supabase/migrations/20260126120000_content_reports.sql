-- Members can report a post, comment or message for review by an admin.
create table if not exists public.content_reports (
    id uuid primary key default gen_random_uuid(),
    reporter_id uuid not null references public.profiles (id),
    town_hall_post_id uuid references public.town_hall_posts (id) on delete cascade,
    message_id uuid references public.messages (id) on delete cascade,
    reason text not null,
    created_at timestamptz not null default now()
);
alter table public.content_reports enable row level security;

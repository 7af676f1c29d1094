-- Admins hide reported content instead of deleting it.
alter table public.town_hall_posts add column if not exists hidden boolean not null default false;
alter table public.messages add column if not exists hidden boolean not null default false;

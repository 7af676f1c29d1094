-- Photos and receipts posted in a room; the media-processor edge function moves them through the states.
create table if not exists public.media_assets (
  id uuid primary key default gen_random_uuid(),
  room_id uuid not null references public.chat_rooms (id) on delete cascade,
  uploader_id uuid not null references public.profiles (id),
  storage_path text not null,
  mime_type text not null,
  status text not null default 'uploading',
  created_at timestamptz not null default now()
);

do $$
begin
  if not exists (
    select 1 from pg_constraint where conname = 'media_assets_status_check'
  ) then
    alter table public.media_assets
      add constraint media_assets_status_check
      check (status in ('uploading', 'processing', 'ready', 'viewed', 'failed', 'archived'));
  end if;
end
$$;

-- Called by the app when the recipient opens an asset.
create or replace function public.mark_media_viewed(asset_id uuid)
returns void
language sql
security definer
set search_path = public
as $$
  update public.media_assets set status = 'viewed' where id = asset_id and status = 'ready';
$$;

create or replace function public.finish_media_processing(asset_id uuid, ok boolean)
returns void
language plpgsql
security definer
set search_path = public
as $$
begin
  if ok then
    update public.media_assets set status = 'complete' where id = asset_id;
  else
    update public.media_assets set status = 'failed' where id = asset_id;
  end if;
end;
$$;

alter table public.media_assets enable row level security;

-- TEST DATA for verify-postgres.sh: one valid row per table, so each invalid write below fails on its value only.
insert into auth.users (id, email, raw_user_meta_data)
values ('00000000-0000-0000-0000-000000000001', 'ana@example.com', '{"display_name": "Ana"}');
insert into public.chat_rooms (id, name, created_by)
values ('00000000-0000-0000-0000-0000000000a1', 'Flat 4B', '00000000-0000-0000-0000-000000000001');
insert into public.groups (id, room_id, name, created_by)
values ('00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-0000000000a1', 'Rent',
        '00000000-0000-0000-0000-000000000001');
insert into public.invites (id, room_id, invited_by, email)
values ('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000a1',
        '00000000-0000-0000-0000-000000000001', 'ben@example.com');
insert into public.media_assets (id, room_id, uploader_id, storage_path, mime_type)
values ('00000000-0000-0000-0000-0000000000d1', '00000000-0000-0000-0000-0000000000a1',
        '00000000-0000-0000-0000-000000000001', 'rooms/a1/receipt.jpg', 'image/jpeg');

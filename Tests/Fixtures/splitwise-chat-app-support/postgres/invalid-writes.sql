-- One statement a line, after the constraint (or ENUM type) that must reject it and a tab; verify-postgres.sh
-- expects PostgreSQL to refuse each, naming that constraint or type.
notifications_type_check	insert into public.notifications (user_id, type, title) values ('00000000-0000-0000-0000-000000000001', 'expenseDeleted', 'x')
notifications_type_check	insert into public.notifications (user_id, type, title) values ('00000000-0000-0000-0000-000000000001', 'expense_added', 'x')
member_role	insert into public.chat_room_members (room_id, user_id, role) values ('00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-000000000001', 'moderator')
member_role	insert into public.group_members (group_id, user_id, role) values ('00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-000000000001', 'viewer')
chat_rooms_status_check	update public.chat_rooms set status = 'dormant' where id = '00000000-0000-0000-0000-0000000000a1'
invites_status_check	update public.invites set status = 'cancelled' where id = '00000000-0000-0000-0000-0000000000c1'
media_assets_status_check	update public.media_assets set status = 'archived' where id = '00000000-0000-0000-0000-0000000000d1'
profiles_plan_check	update public.profiles set plan = 'enterprise' where id = '00000000-0000-0000-0000-000000000001'
subscriptions_plan_check	insert into public.subscriptions (user_id, plan) values ('00000000-0000-0000-0000-000000000001', 'premium')
reports_target_type_check	insert into public.reports (reporter_id, target_type, target_id, reason) values ('00000000-0000-0000-0000-000000000001', 'room', gen_random_uuid(), 'spam')
expenses_category_check	insert into public.expenses (group_id, paid_by, amount_cents, description, category) values ('00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-000000000001', 1200, 'Taxi', 'travel')

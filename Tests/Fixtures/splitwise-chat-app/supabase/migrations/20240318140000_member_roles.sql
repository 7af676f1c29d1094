-- Guests can read a room without posting; moderators were tried in a beta and never shipped.
alter type public.member_role add value if not exists 'guest';
alter type public.member_role add value if not exists 'moderator' after 'admin';

comment on type public.member_role is 'Role of a member in a chat room or an expense group.';

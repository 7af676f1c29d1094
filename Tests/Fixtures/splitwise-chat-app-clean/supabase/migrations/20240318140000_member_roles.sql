-- Guests can read a room without posting; moderators were tried in a beta and never shipped.
alter type public.member_role add value if not exists 'guest';
-- ('moderator' stayed in the beta branch; the type never got it.)

comment on type public.member_role is 'Role of a member in a chat room or an expense group.';

-- TEST STUB, not part of the app: the few objects of a Supabase database that the fixture's migrations
-- reference, so they apply on a plain PostgreSQL 15 (verify.sh loads this first).
-- Roles are per cluster: created once, whichever database comes first. Tests load this into several databases at
-- once, so a role another session creates between the check and the create is no error either.
do $$
begin
  begin create role anon nologin; exception when duplicate_object or unique_violation then null; end;
  begin create role authenticated nologin; exception when duplicate_object or unique_violation then null; end;
  begin create role service_role nologin bypassrls; exception when duplicate_object or unique_violation then null; end;
end
$$;

create schema auth;

create table auth.users (
  id uuid primary key default gen_random_uuid(),
  email text,
  raw_user_meta_data jsonb not null default '{}'::jsonb
);

-- Supabase's auth.uid(): the caller's user id from the request's JWT claims (here: a session setting).
create function auth.uid() returns uuid
language sql stable
as $$ select nullif(current_setting('request.jwt.claim.sub', true), '')::uuid $$;

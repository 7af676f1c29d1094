-- Deals near venues: the first cut.
CREATE TYPE public.deal_kind AS ENUM ('food', 'drink');

CREATE TABLE public.venues (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  "Display Name" varchar(80),
  location text,
  rating numeric(3,1) DEFAULT 0,
  price numeric,
  opened_at timestamptz DEFAULT now(),
  closes time,
  tags text[] DEFAULT '{}',
  created_at timestamp(3) with time zone NOT NULL DEFAULT now(),
  code char(4),
  flags bit(3),
  small smallint,
  score double precision,
  ratio real,
  meta jsonb,
  kind public.deal_kind NOT NULL DEFAULT 'food',
  local_time timestamp,
  span interval
);

create table if not exists deals (
  id uuid primary key default gen_random_uuid(),
  venue_id bigint not null references venues,
  title text not null,
  category text,
  starts_on date,
  seq integer generated always as identity,
  title_lower text generated always as (lower(title)) stored,
  note text default null,
  amount decimal(8, 2),
  big int8,
  flag bool NOT NULL DEFAULT false
);

-- Runs again in a later environment: skipped, the first one stays.
CREATE TABLE IF NOT EXISTS deals (id int);

CREATE TABLE public.bookmarks (
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  deal_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, deal_id),
  CONSTRAINT bookmarks_deal FOREIGN KEY (deal_id) REFERENCES public.deals (id)
);

CREATE TABLE public.deal_ratings (
  id serial,
  deal_id uuid,
  user_id uuid NOT NULL,
  stars int2 CHECK (stars BETWEEN 1 AND 5),
  CONSTRAINT deal_ratings_pkey PRIMARY KEY (id)
);
ALTER TABLE public.deal_ratings ADD CONSTRAINT deal_ratings_deal_fk FOREIGN KEY (deal_id) REFERENCES deals (id);
ALTER TABLE deal_ratings ADD FOREIGN KEY (user_id) REFERENCES auth.users;

CREATE TABLE public.a_table_with_a_rather_long_name_for_postgres_to_cut (
  id int PRIMARY KEY,
  the_venue_this_row_points_at_through_a_long_column bigint REFERENCES venues (id)
);

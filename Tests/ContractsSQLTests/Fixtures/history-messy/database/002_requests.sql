-- Requests have a type column of their own: 'ride' and 'favor' here are not notification types.
CREATE TABLE requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    type text NOT NULL CHECK (type IN ('ride', 'favor')),
    owner uuid REFERENCES profiles (id)
);

CREATE OR REPLACE FUNCTION open_ride_count(p_owner uuid) RETURNS bigint
LANGUAGE sql STABLE AS $$
    SELECT count(*) FROM requests r WHERE r.type = 'ride' AND r.owner = p_owner
$$;

CREATE VIEW favor_requests AS SELECT * FROM requests WHERE type = 'favor';

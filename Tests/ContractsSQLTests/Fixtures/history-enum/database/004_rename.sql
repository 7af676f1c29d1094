-- "finished" became "completed"; the decoy type renames a value of its own.
ALTER TYPE public.remote_match_status RENAME VALUE 'finished' TO 'completed';
ALTER TYPE leg_status RENAME VALUE 'thrown' TO 'scored';
DROP TYPE IF EXISTS leg_status;
CREATE TYPE leg_status AS ENUM ('open');

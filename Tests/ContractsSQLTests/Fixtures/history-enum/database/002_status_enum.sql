-- The column switches from text to the ENUM type.
ALTER TABLE public.matches ALTER COLUMN remote_status DROP DEFAULT;
ALTER TABLE public.matches
    ALTER COLUMN remote_status TYPE public.remote_match_status USING remote_status::remote_match_status;
ALTER TABLE public.matches ALTER COLUMN remote_status SET DEFAULT 'waiting';

-- Re-running the create is what the usual guard makes harmless.
DO $$
BEGIN
    CREATE TYPE remote_match_status AS ENUM ('nope');
EXCEPTION WHEN duplicate_object THEN NULL;
END
$$;

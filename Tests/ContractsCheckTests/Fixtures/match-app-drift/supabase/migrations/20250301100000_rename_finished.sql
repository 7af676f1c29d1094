-- "finished" is shown as "completed" everywhere; rename the value in place (rows follow).
ALTER TYPE public.remote_match_status RENAME VALUE 'finished' TO 'completed';

CREATE OR REPLACE FUNCTION public.finish_match(p_match uuid)
RETURNS void
LANGUAGE plpgsql
SECURITY DEFINER
AS $$
BEGIN
    UPDATE public.matches SET remote_status = 'finished' WHERE id = p_match;
    -- Decoy: the leg table's own enum still has 'finished'.
    UPDATE public.legs SET result = 'finished' WHERE match_id = p_match AND result IS NULL;
END;
$$;

CREATE OR REPLACE FUNCTION public.abandon_stale_matches()
RETURNS integer
LANGUAGE sql
AS $$
    WITH stale AS (
        UPDATE public.matches SET remote_status = 'abandoned'
        WHERE remote_status IN ('waiting', 'paused') AND created_at < now() - interval '1 day'
        RETURNING 1
    )
    SELECT count(*)::integer FROM stale;
$$;

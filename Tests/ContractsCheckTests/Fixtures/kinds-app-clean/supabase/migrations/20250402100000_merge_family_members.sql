-- Merges a duplicate member into another. Returns { merged, merged_name }; merged_name only on success.
CREATE OR REPLACE FUNCTION public.merge_family_members(p_keep uuid, p_drop uuid)
RETURNS jsonb
LANGUAGE plpgsql
SECURITY DEFINER
AS $$
DECLARE
    v_name text;
BEGIN
    IF p_keep = p_drop THEN
        RETURN jsonb_build_object('merged', false);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM public.family_members WHERE user_id = p_keep) THEN
        RETURN jsonb_build_object('merged', false);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM public.family_members WHERE user_id = p_drop) THEN
        RETURN jsonb_build_object('merged', false);
    END IF;
    UPDATE public.notifications SET user_id = p_keep WHERE user_id = p_drop;
    DELETE FROM public.family_members WHERE user_id = p_drop RETURNING display_name INTO v_name;
    RETURN jsonb_build_object('merged', true, 'merged_name', v_name);
END;
$$;

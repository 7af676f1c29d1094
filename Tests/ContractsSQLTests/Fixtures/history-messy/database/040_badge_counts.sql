CREATE OR REPLACE FUNCTION get_badge_counts(p_user uuid) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN jsonb_build_object(
        'messages_total', (SELECT count(*) FROM notifications n WHERE n.user_id = p_user AND n.type = 'legacy_badge')
    );
END;
$$;

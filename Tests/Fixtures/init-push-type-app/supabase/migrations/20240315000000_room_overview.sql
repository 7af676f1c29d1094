-- The room list's reply: one row per room, its last message as a nested object.
-- (The push type 'room_archived' was dropped before launch: nothing sends it.)
CREATE OR REPLACE FUNCTION public.get_room_overview(p_user_id uuid)
RETURNS TABLE (room_id uuid, room_name text, unread_count integer, last_message jsonb)
LANGUAGE sql STABLE AS $$
  SELECT r.id, r.name,
         (SELECT count(*)::int FROM public.messages m WHERE m.room_id = r.id),
         (SELECT jsonb_build_object('id', m.id, 'body', m.body)
            FROM public.messages m WHERE m.room_id = r.id ORDER BY m.id DESC LIMIT 1)
  FROM public.chat_rooms r
  WHERE r.status <> 'deleted';
$$;

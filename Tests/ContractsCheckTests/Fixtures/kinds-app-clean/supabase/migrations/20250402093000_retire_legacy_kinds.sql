-- Data migration: `admin_child_add` became `admin_edit_child_add`, and the weekly summary was replaced by the
-- weekly digest. Both old kinds are retired in the registry; old rows are rewritten or removed here.
UPDATE public.notifications SET kind = 'admin_edit_child_add' WHERE kind = 'admin_child_add';

UPDATE public.notifications
SET kind = CASE kind WHEN 'weekly_summary' THEN 'weekly_digest' ELSE kind END
WHERE coalesce(kind, '') IN ('weekly_summary');

DELETE FROM public.notifications WHERE kind = 'weekly_summary' AND read_at IS NOT NULL;

-- Notify the poster when someone claims or unclaims their favor.
CREATE OR REPLACE FUNCTION public.notify_favor_claim_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
    IF NEW.claimed_by IS NOT NULL AND OLD.claimed_by IS NULL THEN
        PERFORM public.create_notification(NEW.user_id, 'favor_claimed', 'Your favor was claimed', NULL, NULL, NEW.id);
    ELSIF NEW.claimed_by IS NULL AND OLD.claimed_by IS NOT NULL THEN
        PERFORM public.create_notification(NEW.user_id, 'favor_unclaimed', 'Your favor needs a helper again', NULL, NULL, NEW.id);
    ELSIF NEW.status = 'completed' AND OLD.status <> 'completed' THEN
        PERFORM public.create_notification(NEW.user_id, 'favor_completed', 'Favor completed', NULL, NULL, NEW.id);
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER favors_claim_change
    AFTER UPDATE OF claimed_by, status ON public.favors
    FOR EACH ROW EXECUTE FUNCTION public.notify_favor_claim_change();

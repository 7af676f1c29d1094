-- Notify the poster when someone claims or unclaims their ride.
CREATE OR REPLACE FUNCTION public.notify_ride_claim_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
    IF NEW.claimed_by IS NOT NULL AND OLD.claimed_by IS NULL THEN
        PERFORM public.create_notification(NEW.user_id, 'ride_claimed', 'Your ride was claimed', NULL, NEW.id);
    ELSIF NEW.claimed_by IS NULL AND OLD.claimed_by IS NOT NULL THEN
        PERFORM public.create_notification(NEW.user_id, 'ride_unclaimed', 'Your ride needs a driver again', NULL, NEW.id);
    ELSIF NEW.status = 'completed' AND OLD.status <> 'completed' THEN
        PERFORM public.create_notification(NEW.user_id, 'ride_completed', 'Ride completed', NULL, NEW.id);
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER rides_claim_change
    AFTER UPDATE OF claimed_by, status ON public.rides
    FOR EACH ROW EXECUTE FUNCTION public.notify_ride_claim_change();

CREATE TABLE IF NOT EXISTS public.rides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claimed_by uuid
);

CREATE OR REPLACE FUNCTION public.on_ride_claimed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.claimed_by IS NOT NULL AND OLD.claimed_by IS NULL THEN
    PERFORM public.notify_ride_participants(NEW.id, 'ride_claimed', 'Your ride was claimed');
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER ride_claimed_push AFTER UPDATE ON public.rides
  FOR EACH ROW EXECUTE FUNCTION public.on_ride_claimed();

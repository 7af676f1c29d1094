-- The first schema, from before the Supabase CLI: profiles, rides, notifications.
CREATE TABLE public.profiles (
    id uuid PRIMARY KEY,
    display_name text NOT NULL,
    -- camelCase preference columns, as the app's settings screen names them
    "notifyMessages" boolean NOT NULL DEFAULT true,
    "notifyTownHall" boolean NOT NULL DEFAULT true
);

CREATE TABLE public.rides (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    driver_id uuid REFERENCES public.profiles (id),
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'claimed', 'done')),
    type text NOT NULL DEFAULT 'ride_request'  -- a ride's kind, not a notification type
);

CREATE TABLE public.notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES public.profiles (id),
    type text NOT NULL,
    title text NOT NULL,
    body text,
    ride_id uuid,
    favor_id uuid,
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
    -- no CHECK on type yet: the Supabase migrations add it
);

CREATE FUNCTION public.create_notification(p_user uuid, p_type text, p_title text, p_body text DEFAULT NULL)
RETURNS uuid LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
    new_id uuid;
BEGIN
    INSERT INTO public.notifications (user_id, type, title, body) VALUES (p_user, p_type, p_title, p_body)
    RETURNING id INTO new_id;
    RETURN new_id;
END $$;

CREATE FUNCTION public.notify_ride_claimed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'claimed' AND OLD.status = 'open' THEN
        PERFORM public.create_notification(NEW.driver_id, 'ride_claimed', 'Your ride was claimed');
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER rides_claimed AFTER UPDATE ON public.rides FOR EACH ROW EXECUTE FUNCTION public.notify_ride_claimed();

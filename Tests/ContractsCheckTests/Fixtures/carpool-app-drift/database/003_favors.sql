-- Favors: a neighbour asks for help; a favor request notifies the street.
CREATE TABLE public.favors (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    requester_id uuid NOT NULL REFERENCES public.profiles (id),
    title text NOT NULL
);

CREATE FUNCTION public.notify_favor_request(p_favor uuid, p_neighbour uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO public.notifications (user_id, type, title, favor_id)
    VALUES (p_neighbour, 'favor_request', 'A neighbour needs a hand', p_favor);
END $$;

-- Shares number 011 with another branch's migration.
CREATE OR REPLACE FUNCTION notify_ride_claimed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.type = 'ride' THEN
        PERFORM create_notification(NEW.owner, 'ride_claimed', 'Your ride was claimed');
        PERFORM create_notification(NEW.owner, 'ride_clamed', 'Typo in the type');
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER on_request_claimed AFTER UPDATE ON requests
    FOR EACH ROW EXECUTE FUNCTION notify_ride_claimed();

CREATE OR REPLACE FUNCTION mark_message_read() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.type IN ('message', 'chat_message') THEN
        NEW.read := true;
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER on_notification_insert BEFORE INSERT ON public.notifications
    FOR EACH ROW EXECUTE FUNCTION mark_message_read();

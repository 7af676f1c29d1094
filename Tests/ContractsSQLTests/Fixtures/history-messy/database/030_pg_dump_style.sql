ALTER TABLE ONLY public.notifications DROP CONSTRAINT valid_notification_type;

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT valid_notification_type CHECK (((type)::text = ANY ((ARRAY['message'::character varying, 'new_ride'::character varying, 'ride_update'::character varying, 'ride_claimed'::character varying, 'review'::character varying])::text[]))) NOT VALID;

-- Town hall posts notify every member.
ALTER TABLE public.notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE public.notifications ADD CONSTRAINT notifications_type_check
  CHECK (type IN ('message', 'ride_update', 'ride_claimed', 'town_hall_post', 'other'));

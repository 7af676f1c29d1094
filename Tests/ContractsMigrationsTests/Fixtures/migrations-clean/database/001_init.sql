create table driver_notifications (id serial primary key, kind text);

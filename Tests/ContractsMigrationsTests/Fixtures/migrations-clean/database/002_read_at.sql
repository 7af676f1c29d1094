alter table driver_notifications add column read_at timestamptz;

-- 003_notifications
select 1;

-- 006_a
select 1;

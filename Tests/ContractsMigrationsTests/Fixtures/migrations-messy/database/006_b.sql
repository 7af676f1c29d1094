-- 006_b
select 1;

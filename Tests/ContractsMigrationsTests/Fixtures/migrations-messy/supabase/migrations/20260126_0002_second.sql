-- 20260126_0002_second
select 1;

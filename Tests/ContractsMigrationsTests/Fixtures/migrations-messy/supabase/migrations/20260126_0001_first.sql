-- 20260126_0001_first
select 1;

-- 001_init
select 1;

-- 002_badge_counts_rpc
select 1;

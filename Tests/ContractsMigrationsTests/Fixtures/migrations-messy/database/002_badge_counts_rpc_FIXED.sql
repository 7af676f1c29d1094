-- 002_badge_counts_rpc_FIXED
select 1;

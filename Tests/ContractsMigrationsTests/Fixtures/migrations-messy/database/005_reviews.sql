-- 005_reviews
select 1;

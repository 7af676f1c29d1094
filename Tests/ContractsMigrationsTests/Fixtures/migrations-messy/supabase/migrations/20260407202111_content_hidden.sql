-- 20260407202111_content_hidden
select 1;

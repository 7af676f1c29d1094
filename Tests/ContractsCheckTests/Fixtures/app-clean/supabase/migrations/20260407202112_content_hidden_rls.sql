-- Hidden content is invisible to everyone but its author.
create policy "hidden posts" on public.town_hall_posts for select
    using (not hidden or auth.uid() = user_id);

CREATE TABLE notifications (
    id serial PRIMARY KEY,
    type text CHECK (type IN ('a', 'b', 'c'))
);

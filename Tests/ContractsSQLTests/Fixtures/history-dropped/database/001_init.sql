DROP TABLE IF EXISTS notifications;
CREATE TABLE notifications (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    type text NOT NULL,
    CHECK (type = ANY ('{message,other}'::text[]))
);

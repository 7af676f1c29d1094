CREATE FUNCTION broken() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
    IF true THEN
    RETURN 1;
END;
$$;

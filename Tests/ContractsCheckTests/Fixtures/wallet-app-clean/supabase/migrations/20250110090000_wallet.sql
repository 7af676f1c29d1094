CREATE TABLE public.wallets (
  user_id uuid PRIMARY KEY,
  balance_pence int NOT NULL DEFAULT 0,
  withdrawable_pence int NOT NULL DEFAULT 0,
  pending_pence int NOT NULL DEFAULT 0
);

CREATE TABLE public.deals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  price_pence int NOT NULL,
  open boolean NOT NULL DEFAULT true
);

CREATE TABLE public.notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  type text NOT NULL,
  CONSTRAINT notifications_type_check CHECK (type IN ('wallet_topped_up', 'payout_sent'))
);

CREATE FUNCTION public.list_open_deals(p_limit int)
RETURNS TABLE (id uuid, title text, price_pence int)
LANGUAGE sql STABLE AS $$
  SELECT d.id, d.title, d.price_pence FROM public.deals d WHERE d.open ORDER BY d.price_pence LIMIT p_limit
$$;

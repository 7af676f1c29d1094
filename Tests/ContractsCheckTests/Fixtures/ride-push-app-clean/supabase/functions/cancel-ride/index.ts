import { createClient } from 'jsr:@supabase/supabase-js@2';

Deno.serve(async (req: Request) => {
  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!);
  const { rideId, riderId, reason } = await req.json();
  const { error } = await supabase.rpc('cancel_ride', { p_ride_id: rideId, p_rider: riderId, p_reason: reason });
  if (error) return new Response(error.message, { status: 500 });
  // The in-app copy for riders whose push was muted.
  await supabase.from('notifications').insert({ user_id: riderId, type: 'ride_cancelled' });
  return new Response('ok');
});

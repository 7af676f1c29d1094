// Sends the APNs push for a notification another function already recorded; the caller passes the recipient and
// the row's kind, which this function forwards without reading it.
Deno.serve(async (req: Request) => {
  const request = await req.json();
  const response = await fetch(Deno.env.get("PUSH_RELAY_URL")!, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  return new Response(null, { status: response.ok ? 204 : 502 });
});

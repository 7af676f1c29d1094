Deno.serve(async (req) => {
  const { venueId } = await req.json();
  const traceId = req.headers.get("x-trace-id") ?? crypto.randomUUID();
  const slots = await countOpenSlots(venueId);
  if (slots === 0) {
    return Response.json({ availableToPlay: 0, nextSlotAt: null, "x-trace-id": traceId });
  }
  return Response.json({ availableToPlay: slots, nextSlotAt: new Date().toISOString(), "x-trace-id": traceId });
});

async function countOpenSlots(venueId: string): Promise<number> {
  return venueId.length;
}

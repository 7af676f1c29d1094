// Cron (every minute): moves uploaded media through processing, and cleans up what nobody will look at again.
import { json } from "../_shared/cors.ts";
import { supabaseAdmin } from "../_shared/supabaseClient.ts";
import { MEDIA_ASSET_STATUSES } from "../_shared/types.ts";

async function process(): Promise<number> {
  const { data: uploads } = await supabaseAdmin
    .from("media_assets")
    .select("id, storage_path, mime_type, status")
    .eq("status", "uploading")
    .limit(20);

  let done = 0;
  for (const asset of uploads ?? []) {
    await supabaseAdmin.from("media_assets").update({ status: MEDIA_ASSET_STATUSES.PROCESSING }).eq("id", asset.id);
    const ok = await makeThumbnail(asset.storage_path, asset.mime_type);
    await supabaseAdmin.rpc("finish_media_processing", { asset_id: asset.id, ok });
    if (ok) done += 1;
  }
  return done;
}

async function cleanUp(): Promise<number> {
  const { data: finished } = await supabaseAdmin
    .from("media_assets")
    .select("id, status, created_at")
    .eq("status", "complete");

  let removed = 0;
  for (const asset of finished ?? []) {
    if (asset.status === "viewed") continue; // the recipient saw it: keep it
    await supabaseAdmin.from("media_assets").delete().eq("id", asset.id);
    removed += 1;
  }
  return removed;
}

/** One asset's state for the app's retry button. */
async function status(id: string): Promise<Response> {
  const { data: asset } = await supabaseAdmin.from("media_assets").select("id, status").eq("id", id).single();
  if (asset?.status === "archived") return json({ retry: false, reason: "archived" });
  if (asset?.status === "failed") return json({ retry: true });
  return json({ retry: false, status: asset?.status });
}

async function makeThumbnail(path: string, mimeType: string): Promise<boolean> {
  if (!mimeType.startsWith("image/")) return false;
  const response = await fetch(`${Deno.env.get("IMGPROXY_URL")}/thumb/${encodeURIComponent(path)}`);
  return response.ok;
}

Deno.serve(async (req) => {
  const url = new URL(req.url);
  const id = url.searchParams.get("id");
  if (id) return await status(id);
  return json({ processed: await process(), removed: await cleanUp() });
});

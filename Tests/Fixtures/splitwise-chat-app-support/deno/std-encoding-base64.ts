// TEST STUB, not part of the app: jsr:@std/encoding's base64 module, for an offline `deno check`.
export function encodeBase64(data: ArrayBuffer | Uint8Array | string): string {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
  return btoa(String.fromCharCode(...bytes));
}

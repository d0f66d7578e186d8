// Reads a response body from another service up to a size, never past it: a declared length over
// it is refused unread, a streamed body is counted as it arrives and dropped at the first byte
// too many, so an endless or oversized answer costs at most `maxBytes` of memory.

/** The body's bytes, or null when it is (or says it is) larger than `maxBytes`. */
export async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (Number(res.headers.get("Content-Length") ?? 0) > maxBytes) {
    await res.body?.cancel();
    return null;
  }
  if (!res.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

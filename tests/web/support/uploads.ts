// Image uploads as the page form makes them: through XMLHttpRequest (for the progress bar), not
// fetch, so a fake one the test drives; and files of any size without allocating them.
import { vi } from "vitest";

/** A stand-in for XMLHttpRequest: records requests; the test drives progress and the answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = "";
  url = "";
  body: unknown = null;
  withCredentials = false;
  status = 0;
  statusText = "";
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.instances.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  static install() {
    FakeXhr.instances = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  }
}

/** A file of the given type whose size is `bytes` without allocating it. */
export function fileOf(name: string, type: string, bytes: number): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: bytes });
  return file;
}

// Image uploads to POST /api/upload. XMLHttpRequest rather than fetch because only XHR reports
// upload progress (bytes sent), which an admin on a slow phone connection needs to see.
import type { UploadResponse } from "#schema/api.ts";
import { imageMaxBytes } from "./constants";

export type UploadProgress = { loaded: number; total: number };

/** A refused or failed upload; `detail` is the reason to show (the server's message when it gave one). */
export class UploadError extends Error {
  constructor(
    readonly detail: string,
    readonly status?: number,
    readonly aborted = false,
  ) {
    // docs/product.md §8: "Upload failure throws 'Upload failed'".
    super("Upload failed");
    this.name = "UploadError";
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why the browser refuses a file before any upload, or null when it may be sent. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith("image/")) {
    return `${file.name} is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF image.`;
  }
  if (file.size > imageMaxBytes) {
    return `${file.name} is ${formatBytes(file.size)}; images can be at most ${formatBytes(imageMaxBytes)}.`;
  }
  return null;
}

/** The `message` of an `{ error, message }` body, or the body's text. */
function refusalText(body: string, fallback: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") {
      const { message, error } = parsed as { message?: unknown; error?: unknown };
      if (typeof message === "string" && message) return message;
      if (typeof error === "string" && error) return error;
    }
  } catch {
    // Not JSON: use the text itself.
  }
  return body.trim() || fallback;
}

/**
 * Uploads one image as the multipart field `image`. Resolves with the stored image's URL;
 * rejects with an UploadError (`aborted` when `abort()` was called). Refuses in the browser,
 * before any request, a file that is not an image or is larger than the limit.
 */
export function uploadImage(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): { promise: Promise<string>; abort: () => void } {
  const problem = imageFileProblem(file);
  if (problem) return { promise: Promise.reject(new UploadError(problem)), abort: () => {} };

  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    xhr.open("POST", "/api/upload");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      const body = typeof xhr.responseText === "string" ? xhr.responseText : "";
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadError(refusalText(body, xhr.statusText || `Error ${xhr.status}`), xhr.status));
        return;
      }
      try {
        // Checked below: a proxy or a broken deploy can answer 2xx with something else.
        const { url } = JSON.parse(body) as Partial<UploadResponse>;
        if (typeof url !== "string" || !url) throw new Error("no url");
        resolve(url);
      } catch {
        reject(new UploadError("The server's answer had no image URL.", xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError("The connection failed. Check your network and try again."));
    xhr.ontimeout = () => reject(new UploadError("The upload timed out."));
    xhr.onabort = () => reject(new UploadError("Upload cancelled.", undefined, true));
    const form = new FormData();
    form.append("image", file);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

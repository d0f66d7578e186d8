// One image of a page: pick a file, watch the upload's progress (cancellable), preview, remove.
import * as Progress from "@radix-ui/react-progress";
import { useEffect, useId, useRef, useState } from "react";
import { imageMaxBytes } from "#web/lib/constants.ts";
import {
  formatBytes,
  imageFileProblem,
  UploadError,
  type UploadProgress,
  uploadImage,
} from "#web/lib/upload.ts";
import { toast } from "#web/ui/toast.tsx";
import "./image-field.css";

/** The spec's "max 5MB" (docs/product.md §9), from the one limit the server enforces too. */
const imageMaxSizeText = `${imageMaxBytes / (1024 * 1024)}MB`;

type Props = {
  label: string;
  /** What the image is, lower case, for button names: "hero image". */
  name: string;
  value: string;
  onChange: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
  successTitle: string;
  failureTitle: string;
  /** A validation message from the form. */
  error?: string;
};

export function ImageField({
  label,
  name,
  value,
  onChange,
  onBusyChange,
  successTitle,
  failureTitle,
  error,
}: Props) {
  const id = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abortRef = useRef<(() => void) | null>(null);

  // Leaving the form mid-upload stops the upload.
  useEffect(() => () => abortRef.current?.(), []);

  async function upload(file: File) {
    setProblem(null);
    const refusal = imageFileProblem(file);
    if (refusal) {
      setProblem(refusal);
      toast({ title: failureTitle, description: refusal, variant: "destructive" });
      return;
    }
    setProgress({ loaded: 0, total: file.size });
    onBusyChange(true);
    const { promise, abort } = uploadImage(file, setProgress);
    abortRef.current = abort;
    try {
      onChange(await promise);
      toast({ title: successTitle });
    } catch (err) {
      if (err instanceof UploadError && err.aborted) {
        setProblem("Upload cancelled.");
      } else {
        const detail = err instanceof UploadError ? err.detail : undefined;
        setProblem(detail ?? "Upload failed");
        toast({ title: failureTitle, description: detail, variant: "destructive" });
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
      onBusyChange(false);
    }
  }

  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const message = problem ?? error;
  const hintId = `${id}-hint`;

  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/*"
        disabled={progress !== null}
        aria-describedby={message ? `${hintId} ${id}-problem` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same file again uploads it again.
          event.currentTarget.value = "";
          if (file) void upload(file);
        }}
      />
      <p id={hintId} className="admin-muted admin-field-hint">
        PNG, JPEG, WebP, GIF or AVIF, max {imageMaxSizeText}.
      </p>
      {progress && (
        <div className="admin-upload-progress">
          <Progress.Root
            className="admin-progress"
            value={percent}
            aria-label={`Uploading ${name}`}
            getValueLabel={(v, max) => `${Math.round((v / max) * 100)}%`}
          >
            <Progress.Indicator className="admin-progress-indicator" style={{ width: `${percent}%` }} />
          </Progress.Root>
          <span className="admin-muted">
            {formatBytes(progress.loaded)} of {formatBytes(progress.total)}
          </span>
          <button
            type="button"
            className="admin-button admin-button-secondary admin-button-small"
            onClick={() => abortRef.current?.()}
          >
            Cancel upload
          </button>
        </div>
      )}
      {message && (
        <p id={`${id}-problem`} className="admin-field-error" role="alert">
          {message}
        </p>
      )}
      {value && (
        <div className="admin-image-preview">
          <img src={value} alt={`${label} preview`} />
          <button
            type="button"
            className="admin-button admin-button-secondary admin-button-small"
            aria-label={`Remove ${name}`}
            onClick={() => onChange("")}
          >
            Remove
          </button>
        </div>
      )}
    </div>
  );
}

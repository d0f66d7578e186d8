// A file the browser saves from text made in the page (favorites export, the admin's pages export).

/** Saves `text` as a file through the browser's download. */
export function downloadText(fileName: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; a moment later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

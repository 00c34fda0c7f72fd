import type { DownloadedFile } from './api-client';

/**
 * Hands a downloaded file to the browser as a download, under the server's name (else `fallbackName`):
 * a fetched file needs a link of its own, since the request carried the session in a header.
 */
export function saveDownloadedFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

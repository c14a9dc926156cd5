/** Fetches a file with the session's Bearer token and saves it under SPEC §5's download name. */
import { apiFetch } from '../api/client';

export async function saveDownload(url: string, filename: string): Promise<void> {
  const res = await apiFetch(url);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

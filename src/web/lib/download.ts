import { errorFromResponse, networkError } from './api-error';
import { tokenStore } from './token-store';

/** Hands a blob to the browser as a download under the file name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetches a file the server makes (a CSV export, a PDF) with the session's bearer token like every other call,
 * since a plain link would carry none, and saves it under the name the server gives (Content-Disposition) or
 * the fallback. A refusal throws the server's error, as api calls do.
 */
export async function downloadFile(path: string, accept: string, fallbackName: string): Promise<void> {
  const token = tokenStore.get();
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await response.blob(), named ?? fallbackName);
}

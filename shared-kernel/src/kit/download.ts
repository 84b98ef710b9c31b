import { buildUrl, getSession } from 'shared-kernel/runtime';

/** Offers `blob` as a file download named `filename`. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A file the api answers (a CSV or XLSX export, a PDF) fetched with the session's token and saved as `filename`.
 * Throws an Error with the api's French message when it refuses.
 */
export async function downloadApiFile(path: string, query: Record<string, unknown> | undefined, filename: string): Promise<void> {
  const { jwt } = getSession();
  const res = await fetch(buildUrl(path, query), { headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Le fichier n'a pas pu être téléchargé (erreur ${res.status})`);
  }
  downloadBlob(filename, await res.blob());
}

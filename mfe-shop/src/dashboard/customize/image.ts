// Images of the shop editor. There is no file storage yet: an uploaded image is sent as a data URL, downscaled in the
// browser when it would not fit the api's 1 MB body limit.
import { texts } from './customize.texts';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const IMAGE_MAX_BYTES = 1024 * 1024;
/** Data URLs above this are downscaled first, so that a request stays under the api's 1 MB body limit. */
const DATA_URL_BUDGET = 700_000;
/** An address typed instead of a file. */
export const IMAGE_ADDRESS = /^https:\/\/[^\s/]+\.[^\s]+$/;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

async function downscale(file: File, maxWidth: number): Promise<string | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  try {
    const bmp = await createImageBitmap(file);
    const ratio = Math.min(1, maxWidth / bmp.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bmp.width * ratio);
    canvas.height = Math.round(bmp.height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bmp, 0, 0, canvas.width, canvas.height);
    // a png stays a png at the first try only: a photo saved as png rarely fits, jpeg then does
    for (const q of [0.9, 0.8, 0.7, 0.6]) {
      const type = file.type === 'image/png' && q === 0.9 ? 'image/png' : file.type === 'image/webp' ? 'image/webp' : 'image/jpeg';
      const url = canvas.toDataURL(type, q);
      if (url.length <= DATA_URL_BUDGET) return url;
    }
    return null;
  } catch {
    return null;
  }
}

/** An uploaded image as a data URL within the api's limits (png/jpeg/webp, ≤ 1 MB), or the message saying why not. */
export async function prepareImage(
  file: File,
  maxWidth: number,
  messages: { imageType: string; imageSize: string } = texts.errors,
): Promise<{ url: string } | { error: string }> {
  if (!IMAGE_TYPES.includes(file.type)) return { error: messages.imageType };
  if (file.size <= IMAGE_MAX_BYTES) {
    const url = await readAsDataUrl(file);
    if (url.length <= DATA_URL_BUDGET) return { url };
  }
  const small = await downscale(file, maxWidth);
  return small ? { url: small } : { error: messages.imageSize };
}

/** Whether a stored value is a plain address the user typed (not an upload, not the api's own image path). */
export const isTypedAddress = (value: string | null): value is string => !!value && !value.startsWith('data:') && !value.startsWith('/v1/');

import { ApiError, site } from '../api/client.ts';

export interface UploadedImage {
  id: string;
  /** Path on the display server: /images/{id}. */
  url: string;
  contentType: string;
  size: number;
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The file's bytes as the body, its type as Content-Type: the server checks both (and the size) again. */
export async function uploadImage(clientId: string, file: File): Promise<UploadedImage> {
  let response: Response;
  try {
    response = await fetch(`${site(clientId)}/images`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => null)) as { image?: UploadedImage; message?: string } | null;
  if (!response.ok || !data?.image)
    throw new ApiError(response.status, data?.message ?? `${response.status} ${response.statusText}`);
  return data.image;
}

/** URLs of images in the platform's media manager, within the image limits of site §9. */
import { checkArgument } from './options.ts';

export const MEDIA_HOST = 'https://static.wixstatic.com';
export const MAX_IMAGE_PIXELS = 25_000_000;
export const MIN_IMAGE_QUALITY = 5;
export const MAX_IMAGE_QUALITY = 90;
export const DEFAULT_IMAGE_QUALITY = 75;
export const MAX_DEVICE_PIXEL_RATIO = 2;

export interface ImageReference {
  /** The media id, e.g. `11062b_0c1a~mv2.jpg`. */
  id: string;
  fileName: string;
  width?: number;
  height?: number;
  url: string;
}

export interface ImageOptions {
  /** 5 to 90; values outside are clamped. */
  quality?: number;
  /** The screen's device pixel ratio, capped at 2; `window.devicePixelRatio` in a browser by default. */
  devicePixelRatio?: number;
  mediaHost?: string;
}

function positiveInteger(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isFinite(number) && number > 0 ? Math.round(number) : undefined;
}

/** Accepts a `wix:image://v1/<id>/<file>#originWidth=…&originHeight=…` URI, a media URL, or a bare media id. */
export function parseImageUri(uri: string, mediaHost = MEDIA_HOST): ImageReference {
  let id: string;
  let fileName: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  const wixUri = /^wix:image:\/\/v1\/([^/#]+)(?:\/([^#]*))?(?:#(.*))?$/.exec(uri);
  const mediaUrl = /^https?:\/\/[^/]+\/media\/([^/?#]+)/.exec(uri);
  if (wixUri) {
    id = wixUri[1];
    fileName = wixUri[2] ? decodeURIComponent(wixUri[2]) : undefined;
    const fragment = new URLSearchParams(wixUri[3] ?? '');
    width = positiveInteger(fragment.get('originWidth'));
    height = positiveInteger(fragment.get('originHeight'));
  } else if (mediaUrl) {
    id = mediaUrl[1];
  } else if (/^[^/:?#\s]+$/.test(uri)) {
    id = uri;
  } else {
    throw new TypeError(`Not an image reference: ${uri}`);
  }
  return { id, fileName: fileName || id, width, height, url: `${mediaHost}/media/${id}` };
}

export function clampQuality(quality: number | undefined): number {
  if (quality === undefined || !Number.isFinite(quality)) return DEFAULT_IMAGE_QUALITY;
  return Math.min(MAX_IMAGE_QUALITY, Math.max(MIN_IMAGE_QUALITY, Math.round(quality)));
}

export function effectivePixelRatio(ratio: number | undefined): number {
  const fromScreen = (globalThis as { devicePixelRatio?: number }).devicePixelRatio;
  const value = ratio ?? fromScreen ?? 1;
  return Number.isFinite(value) && value > 1 ? Math.min(MAX_DEVICE_PIXEL_RATIO, value) : 1;
}

/** The pixel size to ask for: the target times the pixel ratio, scaled down to 25 million pixels at most. */
export function limitImageSize(
  width: number,
  height: number,
  devicePixelRatio?: number,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new RangeError('Image width and height must be positive');
  const ratio = effectivePixelRatio(devicePixelRatio);
  let w = width * ratio;
  let h = height * ratio;
  if (w * h > MAX_IMAGE_PIXELS) {
    const scale = Math.sqrt(MAX_IMAGE_PIXELS / (w * h));
    w *= scale;
    h *= scale;
  }
  return { width: Math.max(1, Math.floor(w)), height: Math.max(1, Math.floor(h)) };
}

function transformUrl(uri: string, transform: string, width: number, height: number, options: ImageOptions): string {
  const image = parseImageUri(uri, options.mediaHost);
  const size = limitImageSize(width, height, options.devicePixelRatio);
  return `${image.url}/v1/${transform}/w_${size.width},h_${size.height},q_${clampQuality(options.quality)}/${encodeURIComponent(image.fileName)}`;
}

export function getImageUrl(uri: string, options: Pick<ImageOptions, 'mediaHost'> = {}): ImageReference {
  checkArgument('getImageUrl', 'uri', uri, 'string');
  return parseImageUri(uri, options.mediaHost);
}

/** Covers the whole target box, cropping what overflows. */
export function getScaledToFillImageUrl(
  uri: string,
  targetWidth: number,
  targetHeight: number,
  options: ImageOptions = {},
): string {
  checkArgument('getScaledToFillImageUrl', 'uri', uri, 'string');
  return transformUrl(uri, 'fill', targetWidth, targetHeight, options);
}

/** Fits inside the target box, keeping the whole image. */
export function getScaledToFitImageUrl(
  uri: string,
  targetWidth: number,
  targetHeight: number,
  options: ImageOptions = {},
): string {
  checkArgument('getScaledToFitImageUrl', 'uri', uri, 'string');
  return transformUrl(uri, 'fit', targetWidth, targetHeight, options);
}

/** Crops a region of the original, then fills the target box with it. */
export function getCroppedImageUrl(
  uri: string,
  crop: { x: number; y: number; width: number; height: number },
  targetWidth: number,
  targetHeight: number,
  options: ImageOptions = {},
): string {
  checkArgument('getCroppedImageUrl', 'uri', uri, 'string');
  checkArgument('getCroppedImageUrl', 'crop', crop, 'object');
  const region = [crop.x, crop.y, crop.width, crop.height].map((n) => Math.max(0, Math.round(n)));
  return transformUrl(
    uri,
    `crop/x_${region[0]},y_${region[1]},w_${region[2]},h_${region[3]}/fill`,
    targetWidth,
    targetHeight,
    options,
  );
}

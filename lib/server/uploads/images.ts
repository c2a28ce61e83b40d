import 'server-only';
import sharp from 'sharp';
import { ApiError } from '@/lib/server/http/api-error';
import type { UploadType } from './media-types';

export { contentTypeOf, type UploadType } from './media-types';

/**
 * The file's real type, read from its bytes (file-type), never from its name or the type the
 * browser claimed: anything but the allowed types is refused.
 */
export async function sniff(bytes: Buffer, allowed: readonly UploadType[]): Promise<UploadType> {
  // ESM-only: loaded on first use, as the upload routes are the only ones that need it.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  const ext = found?.ext === 'jpg' ? 'jpeg' : found?.ext;
  const type = allowed.find((t) => t === ext);
  if (!type) throw new ApiError('UNSUPPORTED_FILE_TYPE');
  return type;
}

/**
 * An image decoded and encoded again (turned upright by its EXIF orientation): metadata and
 * anything appended after the image are not carried over, so a polyglot loses its payload.
 * Undecodable bytes that merely start like an image are refused.
 */
export async function reencode(
  bytes: Buffer,
  type: Exclude<UploadType, 'pdf'>,
  resize?: { square: number },
): Promise<Buffer> {
  try {
    let image = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
    if (resize)
      image = image.resize(resize.square, resize.square, { fit: 'cover', position: 'attention' });
    if (type === 'png') return await image.png().toBuffer();
    if (type === 'webp') return await image.webp({ quality: 85 }).toBuffer();
    return await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  } catch {
    throw new ApiError('UNSUPPORTED_FILE_TYPE');
  }
}

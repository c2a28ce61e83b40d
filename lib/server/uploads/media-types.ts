import 'server-only';

/** The kinds of file an upload may be, read from its bytes (images.ts) and answered as stored. */
export type UploadType = 'png' | 'jpeg' | 'webp' | 'pdf';

const mimeOf: Record<UploadType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
export const contentTypeOf = (type: UploadType) => mimeOf[type];
/** The media types a stored file of one of these kinds is answered with (the routes' documents). */
export const contentTypesOf = (types: readonly UploadType[]) => types.map(contentTypeOf);

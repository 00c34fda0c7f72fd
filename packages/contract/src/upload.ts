/**
 * Content types accepted for upload: what an agency keeps of its models (photos, videos) and its
 * paperwork (PDF, office documents). A trailing `/*` accepts every subtype.
 */
export const UPLOAD_CONTENT_TYPES = [
  'image/*',
  'video/*',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

/** True when the content type is one of UPLOAD_CONTENT_TYPES (wildcards included). */
export function isAcceptedContentType(contentType: string): boolean {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  return UPLOAD_CONTENT_TYPES.some((accepted) =>
    accepted.endsWith('/*')
      ? type.startsWith(accepted.slice(0, -1)) && type.length > accepted.length - 1
      : type === accepted,
  );
}

/** PDFs are shown in the gallery: their preview address serves the file inline, framable by our own pages. */
export const PDF_CONTENT_TYPE = 'application/pdf';

/** True for a PDF's content type (parameters and case ignored). */
export const isPdfType = (contentType: string): boolean =>
  contentType.toLowerCase().split(';')[0]?.trim() === PDF_CONTENT_TYPE;

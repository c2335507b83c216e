/**
 * Media uploads (spec 000 §3, §4, §5 'File upload', §8; 001 §4, §5 'Photos'): which files are accepted,
 * how large they may be, and the texts the uploader shows. Shared by the uploader and the media module.
 */
import type { UserMediaType } from './enums.ts';

/**
 * Accepted file extensions, each with the MIME types a browser may report for it. Extension and MIME type must
 * agree (`user_media_file_extension_not_supported` otherwise).
 * HEIC is left out on purpose: the image library decodes HEIF only with AV1 (AVIF), not the HEVC that phones
 * write, so a HEIC photo could never get its thumbnail. iOS converts HEIC to JPEG when the picker does not
 * accept HEIC, which is what a seller on an iPhone then uploads.
 */
export const MEDIA_FILE_TYPES = {
  jpg: { type: 'IMAGE', mimeTypes: ['image/jpeg'] },
  jpeg: { type: 'IMAGE', mimeTypes: ['image/jpeg'] },
  png: { type: 'IMAGE', mimeTypes: ['image/png'] },
  webp: { type: 'IMAGE', mimeTypes: ['image/webp'] },
  mp4: { type: 'VIDEO', mimeTypes: ['video/mp4'] },
  m4v: { type: 'VIDEO', mimeTypes: ['video/x-m4v', 'video/mp4'] },
  mov: { type: 'VIDEO', mimeTypes: ['video/quicktime'] },
  webm: { type: 'VIDEO', mimeTypes: ['video/webm'] },
} as const satisfies Record<string, { type: UserMediaType; mimeTypes: readonly string[] }>;

export type MediaFileExtension = keyof typeof MEDIA_FILE_TYPES;

/** Largest file accepted per media type; the upload is cut off (HTTP 413) as soon as it grows past it. */
export const MEDIA_MAX_BYTES: Record<UserMediaType, number> = {
  IMAGE: 15 * 1024 * 1024,
  VIDEO: 200 * 1024 * 1024,
};

/** How long an upload URL stays valid after `createUserMedia`. */
export const MEDIA_UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

/** Width of the thumbnails made for images and video posters. */
export const MEDIA_THUMBNAIL_WIDTH_PX = 480;

/** The uploader gives up polling `userMedia` after this long (processing normally takes seconds). */
export const MEDIA_POLL_TIMEOUT_MS = 10 * 60 * 1000;

// ---------------------------------------------------------------- what the bytes say (magic numbers)

/** What a file's first bytes say it is; the server reads this many before it keeps anything. */
export const MEDIA_SIGNATURE_BYTES = 16;

export type MediaContainer = 'jpeg' | 'png' | 'webp' | 'isoBmff' | 'webm' | 'pdf';

/** The container each accepted MIME type must arrive in. MP4, M4V and MOV share ISO base media (QuickTime). */
const CONTAINER_FOR_MIME: Record<string, MediaContainer> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'isoBmff',
  'video/x-m4v': 'isoBmff',
  'video/quicktime': 'isoBmff',
  'video/webm': 'webm',
  // Only proof of authority takes PDFs (proof-of-authority.ts); MEDIA_FILE_TYPES does not, so media uploads never do.
  'application/pdf': 'pdf',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The first box of an ISO base media file (MP4, M4V, MOV): usually 'ftyp'; QuickTime files written by older
 * cameras may open with the movie itself or padding instead.
 */
const ISO_BMFF_FIRST_BOXES = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].map(ascii);

/** The container a file's first bytes show (JPEG, PNG, WebP, ISO base media, WebM, PDF), or null for anything else. */
export function detectMediaContainer(head: Uint8Array): MediaContainer | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (ISO_BMFF_FIRST_BOXES.some((box) => startsWith(head, box, 4))) return 'isoBmff';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm'; // EBML (WebM is Matroska)
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  return null;
}

/** Whether a file's first bytes are of the kind its declared MIME type promises (a text file named .jpg is not). */
export function isContentOfMimeType(head: Uint8Array, mimeType: string): boolean {
  const expected = CONTAINER_FOR_MIME[normaliseMimeType(mimeType)];
  return expected !== undefined && detectMediaContainer(head) === expected;
}

/** Texts the uploader shows (spellings as in the spec). */
export const MEDIA_TEXTS = {
  uploadFailed: 'An error occured whilst uploading the media',
  uploading: 'Uploading media...',
  processingVideo: 'Proccessing video...',
} as const;

/** Which media an uploader takes: the agent profile takes images only, the appraisal video a video only. */
export type MediaAccept = 'image' | 'video' | 'imageOrVideo';

const acceptsType = (accept: MediaAccept, type: UserMediaType) =>
  accept === 'imageOrVideo' || (accept === 'image' ? type === 'IMAGE' : type === 'VIDEO');

/** The `accept` attribute of a file input for the given kind of media (extensions and MIME types). */
export function mediaInputAccept(accept: MediaAccept): string {
  const entries = Object.entries(MEDIA_FILE_TYPES).filter(([, v]) => acceptsType(accept, v.type));
  const extensions = entries.map(([ext]) => `.${ext}`);
  const mimeTypes = new Set(entries.flatMap(([, v]) => v.mimeTypes));
  return [...extensions, ...mimeTypes].join(',');
}

/** The lower-case extension of a file name without the dot, or null when it has none ('photo', '.env', 'a.'). */
export function fileExtensionOf(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return null;
  return base.slice(dot + 1).toLowerCase();
}

/** Normalises a MIME type for comparison: lower case, parameters dropped ('Image/JPEG; q=1' → 'image/jpeg'). */
export const normaliseMimeType = (mimeType: string): string => mimeType.split(';')[0]!.trim().toLowerCase();

/**
 * The media type of a file given its extension and MIME type, or null when either is unsupported or they
 * disagree (a '.png' that says it is 'image/jpeg').
 */
export function mediaTypeOf(fileExtension: string, mimeType: string): UserMediaType | null {
  const extension = fileExtension.trim().replace(/^\./, '').toLowerCase();
  if (!Object.prototype.hasOwnProperty.call(MEDIA_FILE_TYPES, extension)) return null;
  const entry = MEDIA_FILE_TYPES[extension as MediaFileExtension];
  return (entry.mimeTypes as readonly string[]).includes(normaliseMimeType(mimeType)) ? entry.type : null;
}

/** Whether an uploader configured with `accept` takes a file of this extension and MIME type. */
export function isAcceptedMediaFile(accept: MediaAccept, fileExtension: string, mimeType: string): boolean {
  const type = mediaTypeOf(fileExtension, mimeType);
  return type !== null && acceptsType(accept, type);
}

/**
 * The MIME type to declare for a chosen file: the browser's own when it fits the extension, otherwise the
 * first one we know for the extension (browsers report '' or 'application/octet-stream' for some videos).
 */
export function mimeTypeForFile(fileExtension: string, browserMimeType: string): string {
  const extension = fileExtension.toLowerCase() as MediaFileExtension;
  const entry = Object.prototype.hasOwnProperty.call(MEDIA_FILE_TYPES, extension) ? MEDIA_FILE_TYPES[extension] : null;
  const reported = normaliseMimeType(browserMimeType);
  if (!entry || (entry.mimeTypes as readonly string[]).includes(reported)) return reported;
  return reported === '' || reported === 'application/octet-stream' ? entry.mimeTypes[0] : reported;
}

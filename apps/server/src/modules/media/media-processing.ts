import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { isOverPixelLimit, MAX_IMAGE_PIXELS } from '@listwise/domain/image-dimensions';
import { MEDIA_THUMBNAIL_WIDTH_PX, normaliseMimeType } from '@listwise/domain/media';

/**
 * What the `media.process` job does to a file: prove it decodes and make a thumbnail. Images go through sharp;
 * videos give a poster frame with ffmpeg (Debian's package, found on PATH; scripts/ensure-chromium.sh installs
 * it), and the thumbnail is made from the poster. A file that does not decode is a `MediaRejectedError`
 * (permanent, no retry); anything else (ffmpeg missing, disk full) is an ordinary error the job retries.
 */
export class MediaRejectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MediaRejectedError';
  }
}

/** sharp's format name for each image MIME type we accept: the bytes must be what the upload said. */
type SharpFormat = 'jpeg' | 'png' | 'webp';
const SHARP_FORMAT_FOR_MIME: Record<string, SharpFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const FFMPEG_TIMEOUT_MS = 60_000;
const MAX_POSTER_BYTES = 64 * 1024 * 1024;

async function makeThumbnail(input: string | Buffer): Promise<Buffer> {
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate() // honour the camera's EXIF orientation
    .resize({ width: MEDIA_THUMBNAIL_WIDTH_PX, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Checks the image decodes fully and is of its declared type; returns a WebP thumbnail. */
export async function thumbnailForImage(file: string, declaredMimeType: string): Promise<Buffer> {
  let format: string | undefined;
  let size: { width: number; height: number };
  try {
    const metadata = await sharp(file).metadata();
    format = metadata.format;
    size = { width: metadata.width ?? 0, height: metadata.height ?? 0 };
  } catch {
    throw new MediaRejectedError('not a decodable image');
  }
  // The upload refuses these from their header (content-check.ts); this catches a header it could not read.
  if (isOverPixelLimit(size)) throw new MediaRejectedError(`image is ${size.width} × ${size.height} pixels, over ${MAX_IMAGE_PIXELS}`);
  const expected = SHARP_FORMAT_FOR_MIME[normaliseMimeType(declaredMimeType)];
  if (!expected || format !== expected) throw new MediaRejectedError(`image is ${format ?? 'unknown'}, declared ${declaredMimeType}`);
  try {
    // Decoding every pixel for the thumbnail is also what proves the file is not truncated or corrupt.
    return await makeThumbnail(file);
  } catch {
    throw new MediaRejectedError('image does not decode');
  }
}

/**
 * The image as it is served: turned upright by its EXIF orientation first, then written again in
 * its own format with no metadata at all (sharp keeps none unless asked), so no GPS position, camera, serial number
 * or time leaves Listwise. The stored original is kept apart and never served.
 */
export async function strippedImage(file: string, mimeType: string): Promise<Buffer> {
  const image = sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const format: SharpFormat | undefined = SHARP_FORMAT_FOR_MIME[normaliseMimeType(mimeType)];
  switch (format) {
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'jpeg':
    case undefined: // a type the upload's checks let through but sharp has no writer for here: served as JPEG
      return image.jpeg({ quality: 90 }).toBuffer();
  }
}

interface ProcessResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function run(command: string, args: string[]): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_POSTER_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error); // e.g. ENOENT: ffmpeg is not installed — worth a retry once it is
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(chunks), stderr });
    });
  });
}

/** ffprobe's container names for each video MIME type we accept: the bytes must be what the upload said. */
const CONTAINERS_FOR_MIME: Record<string, string[]> = {
  'video/mp4': ['mp4', 'mov'],
  'video/x-m4v': ['mp4', 'mov'],
  'video/quicktime': ['mov', 'mp4'],
  'video/webm': ['webm', 'matroska'],
};

/** Reads the container with ffprobe: it must be the declared kind and hold a video stream. Returns the duration. */
async function probeVideo(file: string, declaredMimeType: string): Promise<number | null> {
  const result = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=format_name,duration:stream=codec_type',
    '-of',
    'json',
    file,
  ]);
  if (result.code !== 0) throw new MediaRejectedError(`not a readable video: ${result.stderr.trim().slice(0, 200)}`);
  let probe: { format?: { format_name?: string; duration?: string }; streams?: { codec_type?: string }[] };
  try {
    probe = JSON.parse(result.stdout.toString());
  } catch {
    throw new MediaRejectedError('not a readable video');
  }
  // A JPEG or GIF is a "video" to ffmpeg (image2 demuxer); only real containers of the declared kind pass.
  const containers = (probe.format?.format_name ?? '').split(',');
  const expected = CONTAINERS_FOR_MIME[normaliseMimeType(declaredMimeType)] ?? [];
  if (!containers.some((name) => expected.includes(name))) {
    throw new MediaRejectedError(`video container is ${probe.format?.format_name ?? 'unknown'}, declared ${declaredMimeType}`);
  }
  if (!probe.streams?.some((stream) => stream.codec_type === 'video')) throw new MediaRejectedError('no video stream');
  const duration = Number.parseFloat(probe.format?.duration ?? '');
  return Number.isFinite(duration) ? duration : null;
}

async function posterFrame(file: string, atSeconds: number): Promise<Buffer | null> {
  const result = await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-ss',
    atSeconds.toFixed(2),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    "scale='min(1280,iw)':-2",
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    'pipe:1',
  ]);
  return result.code === 0 && result.stdout.length > 0 ? result.stdout : null;
}

/** Takes a poster frame (a second in, or the first frame of a short clip); returns a WebP thumbnail of it. */
export async function thumbnailForVideo(file: string, declaredMimeType: string): Promise<Buffer> {
  const duration = await probeVideo(file, declaredMimeType);
  // The first frame is often black (fade-in), so prefer one a second in when the clip is long enough.
  const seek = duration && duration > 2 ? 1 : 0;
  const poster = (await posterFrame(file, seek)) ?? (seek > 0 ? await posterFrame(file, 0) : null);
  if (!poster) throw new MediaRejectedError('video has no decodable frame');
  return makeThumbnail(poster);
}

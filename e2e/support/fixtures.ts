import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Real media files for upload journeys, made with ffmpeg (Debian's package; scripts/ensure-chromium.sh installs
 * it) so the server's processing (decode check, thumbnail, video poster) has genuine input. Each call writes a
 * fresh file into its own temporary directory and returns the path, ready for `setInputFiles`.
 */
function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { timeout: 60_000 });
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'listwise-e2e-media-'));

/** A JPEG photo (a colourful test card), `width`×`height` pixels. */
export function writeJpegFixture(options: { name?: string; width?: number; height?: number; dir?: string } = {}): string {
  const { name = 'photo.jpg', width = 1200, height = 800, dir = tempDir() } = options;
  const file = path.join(dir, name);
  ffmpeg(['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=1`, '-frames:v', '1', '-q:v', '3', file]);
  return file;
}

/** A short H.264 MP4 video (a moving test pattern), 320×240 at 10 frames per second. */
export function writeMp4Fixture(options: { name?: string; durationSeconds?: number; dir?: string } = {}): string {
  const { name = 'walkthrough.mp4', durationSeconds = 1, dir = tempDir() } = options;
  const file = path.join(dir, name);
  ffmpeg(['-f', 'lavfi', '-i', `testsrc=duration=${durationSeconds}:size=320x240:rate=10`, '-pix_fmt', 'yuv420p', file]);
  return file;
}

/**
 * Guardrail: a feature never imports another feature (compose them in src/app instead), and shared code
 * (components, lib, config) never imports features or the app.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"](@\/[^'"]+)['"]/g)].flatMap((m) => m[1] ?? []);

describe('import boundaries', () => {
  const files = walk(srcDir).map((file) => ({ file, parts: relative(srcDir, file).split(sep) }));

  it('features do not import other features', () => {
    const offences = files
      .filter(({ parts }) => parts[0] === 'features' && parts.length > 2)
      .flatMap(({ file, parts }) =>
        importsOf(file)
          .filter((spec) => spec.startsWith('@/features/') && spec.split('/')[2] !== parts[1])
          .map((spec) => `${relative(srcDir, file)} → ${spec}`),
      );
    expect(offences).toEqual([]);
  });

  it('shared code does not import features or the app', () => {
    const offences = files
      .filter(({ parts }) => ['components', 'lib', 'config'].includes(parts[0] ?? ''))
      .flatMap(({ file }) =>
        importsOf(file)
          .filter((spec) => spec.startsWith('@/features/') || spec.startsWith('@/app/'))
          .map((spec) => `${relative(srcDir, file)} → ${spec}`),
      );
    expect(offences).toEqual([]);
  });
});

/**
 * Guardrail (issue 22, item 4; ACCC comparison-platform guidance): no screen calls an agent 'best', 'top' or
 * 'independent'. Listwise shows the agents who pay it, so ranking words would mislead sellers. The check reads every
 * screen's source (comments aside) for one of the words within a few words of 'agent'.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORBIDDEN_AGENT_CLAIMS } from '@listwise/domain/disclosure';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const claims = FORBIDDEN_AGENT_CLAIMS.join('|');
// 'the best agent', 'top-rated agents', 'agents who are independent', 'independent agency'
const claimNearAgent = new RegExp(
  `\\b(${claims})\\b(?:[\\s-]+[\\w']+){0,3}?[\\s-]+agen(?:t|cy|cies)|\\bagen(?:t|ts|cy|cies)\\b(?:\\s+[\\w']+){0,3}?\\s+(${claims})\\b`,
  'i',
);

describe('no page ranks agents by merit', () => {
  it('the pattern catches the claims it is meant to', () => {
    for (const text of ['Find the best agent', 'our top-rated agents', 'an independent agent', 'agents who are independent']) {
      expect(text).toMatch(claimNearAgent);
    }
    expect('Win listings in the suburbs you know best').not.toMatch(claimNearAgent);
  });

  it("no screen calls an agent 'best', 'top' or 'independent'", () => {
    const offences = walk(join(srcDir, 'features'))
      .concat(walk(join(srcDir, 'components')))
      .flatMap((file) => {
        const match = withoutComments(readFileSync(file, 'utf8')).match(claimNearAgent);
        return match ? [`${relative(srcDir, file)}: ${match[0]}`] : [];
      });
    expect(offences).toEqual([]);
  });
});

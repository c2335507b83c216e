import { describe, expect, it } from 'vitest';
import {
  agentProfilePath,
  agentsServeText,
  comparePublicAgents,
  formatResponseTime,
  slugify,
  suburbPagePath,
  type PublicAgentFigures,
} from './public-pages.ts';

const agent = (id: string, figures: Partial<PublicAgentFigures> = {}, name = id) => ({
  id,
  name,
  appraisalsSentLast12Months: 0,
  medianResponseMinutes: null,
  trackRecord: null,
  ...figures,
});
const order = (...agents: ReturnType<typeof agent>[]) => [...agents].sort(comparePublicAgents).map((a) => a.id);

describe('public page addresses', () => {
  it('makes lower-case hyphenated slugs of any name', () => {
    expect(slugify('Bondi Beach')).toBe('bondi-beach');
    expect(slugify("O'Connor")).toBe('o-connor');
    expect(slugify('  Zoë   Smith-Jones ')).toBe('zoe-smith-jones');
    expect(slugify('/../%2F')).toBe('2f');
    expect(suburbPagePath({ name: 'Bondi Beach', state: 'NSW', postcode: '2026' })).toBe('/agents/nsw/bondi-beach-2026');
    expect(agentProfilePath({ name: 'Jane Citizen', publicId: '3f9a2c1b7e' })).toBe('/agent/jane-citizen-3f9a2c1b7e');
    expect(agentProfilePath({ name: '***', publicId: '3f9a2c1b7e' })).toBe('/agent/3f9a2c1b7e');
  });
});

describe('comparePublicAgents', () => {
  const record = (confirmedSales: number, salesWithinRange: number, medianDeviationPercent: number) => ({
    confirmedSales,
    salesWithinRange,
    medianDeviationPercent,
  });

  it('ranks a track record first, by share within range, then by the smaller median gap', () => {
    expect(
      order(
        agent('fast', { medianResponseMinutes: 5, appraisalsSentLast12Months: 90 }),
        agent('half', { trackRecord: record(4, 2, 1) }),
        agent('all-wide', { trackRecord: record(3, 3, 8) }),
        agent('all-close', { trackRecord: record(5, 5, 2) }),
      ),
    ).toEqual(['all-close', 'all-wide', 'half', 'fast']);
  });

  it('then faster median answers, agents without enough appraisals after them, then volume, then name', () => {
    expect(
      order(
        agent('b', { appraisalsSentLast12Months: 2 }, 'Bea'),
        agent('a', { appraisalsSentLast12Months: 2 }, 'Al'),
        agent('busy', { appraisalsSentLast12Months: 2_000 }),
        agent('slow', { medianResponseMinutes: 600, appraisalsSentLast12Months: 3 }),
        agent('quick', { medianResponseMinutes: 60, appraisalsSentLast12Months: 3 }),
      ),
    ).toEqual(['quick', 'slow', 'busy', 'a', 'b']);
  });

  it('is a total order: the same agents in any order sort the same way', () => {
    const agents = [agent('x', {}, 'Same'), agent('y', {}, 'Same'), agent('z', { appraisalsSentLast12Months: 1 })];
    expect(order(...agents)).toEqual(order(...[...agents].reverse()));
  });
});

describe('formatting', () => {
  it('says response times and agent counts as a seller reads them', () => {
    expect(formatResponseTime(45)).toBe('45 min');
    expect(formatResponseTime(150)).toBe('3 h');
    expect(formatResponseTime(60 * 28)).toBe('1 day 4 h');
    expect(formatResponseTime(60 * 48)).toBe('2 days');
    expect(agentsServeText(1, 'Bondi Beach')).toBe('1 agent serves Bondi Beach');
    expect(agentsServeText(3, 'Bondi Beach')).toBe('3 agents serve Bondi Beach');
  });
});

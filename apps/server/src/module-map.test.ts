import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint scripts, without types.
import { MODULE_EDGES, findCycle, importProblem } from '../../../scripts/server-layers.mjs';

describe('the module map lint reads (scripts/server-layers.mjs)', () => {
  it('has no cycle, and finds one when an edge closes it', () => {
    expect(findCycle(MODULE_EDGES)).toBeNull();
    expect(findCycle({ ...MODULE_EDGES, notifications: ['privacy'] })).toEqual(expect.arrayContaining(['notifications', 'privacy']));
  });

  it('lets a module import only the modules listed for it', () => {
    expect(importProblem('modules/sales', 'modules/payments')).toBeNull();
    expect(importProblem('modules/payments', 'modules/sales')).toMatch(/does not list the edge/);
    expect(importProblem('modules/privacy', 'modules/reviews')).toBeNull();
  });

  it('keeps the layers under and over the modules in a line', () => {
    expect(importProblem('modules/sales', 'db')).toBeNull();
    expect(importProblem('db', 'modules/sales')).toMatch(/sits above it/);
    expect(importProblem('modules/admin', 'app')).toMatch(/sits above it/);
    expect(importProblem('http', 'modules/admin')).toBeNull();
  });

  it('names a unit it does not know', () => {
    expect(importProblem('modules/sales', 'modules/invented')).toMatch(/no place/);
    expect(importProblem('invented', 'lib')).toMatch(/no place/);
  });
});

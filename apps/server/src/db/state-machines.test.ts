import { readFileSync } from 'node:fs';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as enums from '@listwise/domain/enums';
import * as payments from '@listwise/domain/payments';
import * as reviews from '@listwise/domain/reviews';
import * as schema from './schema/index.ts';

/**
 * docs/state-machines.md against the code: every machine's states are the code's (an enumeration of packages/domain,
 * which the database's CHECK constraints are made from, or columns of the schema a state is derived from), every
 * exit goes to a state of the same machine, and no state that is not final is without an exit.
 */

interface Machine {
  name: string;
  source: { kind: 'enum'; name: string } | { kind: 'columns'; columns: string[] };
  states: { state: string; isFinal: boolean; exits: string[]; operatorAsked: string }[];
}

const DOC = new URL('../../../../docs/state-machines.md', import.meta.url);

/** The machines of the document: a `## ` heading, its `Source:` line and its table. */
export function parseStateMachines(markdown: string): Machine[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const [heading, ...lines] = section.split('\n');
      const sourceLine = lines.find((line) => line.startsWith('Source: '));
      if (!sourceLine) throw new Error(`${heading}: no Source line`);
      const sourceText = sourceLine.slice('Source: '.length).trim();
      const source = sourceText.startsWith('enum ')
        ? ({ kind: 'enum', name: sourceText.slice(5).trim() } as const)
        : sourceText.startsWith('columns ')
          ? ({
              kind: 'columns',
              columns: sourceText
                .slice(8)
                .split(',')
                .map((c) => c.trim()),
            } as const)
          : null;
      if (!source) throw new Error(`${heading}: Source must be 'enum Name' or 'columns table.column, …'`);
      const rows = lines.filter((line) => line.startsWith('|')).slice(2);
      const states = rows.map((row) => {
        const cells = row
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim());
        if (cells.length !== 4) throw new Error(`${heading}: a row needs state | final? | exits | operator asked: ${row}`);
        const [state, final, exits, operatorAsked] = cells as [string, string, string, string];
        if (final !== 'yes' && final !== 'no') throw new Error(`${heading}: final? is 'yes' or 'no' in ${row}`);
        const targets = exits === '—' ? [] : [...exits.matchAll(/→ ([A-Z_]+)/g)].map((m) => m[1]!);
        return { state, isFinal: final === 'yes', exits: targets, operatorAsked };
      });
      return { name: heading!.trim(), source, states };
    });
}

/** What is wrong with a machine's exits: a state not final without an exit, a final one with, an unknown target. */
export function exitProblems(machine: Machine): string[] {
  const states = new Set(machine.states.map((s) => s.state));
  return machine.states.flatMap(({ state, isFinal, exits, operatorAsked }) => [
    ...(isFinal && exits.length ? [`${state} is final but has exits`] : []),
    ...(!isFinal && !exits.length ? [`${state} is not final and has no exit`] : []),
    ...exits.filter((target) => !states.has(target)).map((target) => `${state} → ${target}: no such state`),
    ...(operatorAsked ? [] : [`${state}: say when an operator is asked, or 'never'`]),
  ]);
}

const ENUMS: Record<string, Record<string, string>> = {
  PropertyState: enums.PropertyState,
  AppraisalRequestState: enums.AppraisalRequestState,
  CashbackClaimStatus: enums.CashbackClaimStatus,
  ChargeStatus: payments.ChargeStatus,
  ReviewStatus: reviews.ReviewStatus,
};

/** 'table.column' for every column of every table in the schema, by their SQL names. */
const schemaColumns = new Set(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTableClass))
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns.map((column) => `${config.name}.${column.name}`);
    }),
);

const machines = parseStateMachines(readFileSync(DOC, 'utf8'));

describe('docs/state-machines.md', () => {
  it('describes the nine machines', () => {
    expect(machines.map((m) => m.name)).toEqual([
      'Property',
      'Appraisal request',
      'Sale',
      'Cashback claim',
      'Charge',
      'Subscription',
      'Appointment',
      'Review',
      'Account',
    ]);
  });

  for (const machine of machines) {
    describe(machine.name, () => {
      it("has exactly the code's states", () => {
        const states = machine.states.map((s) => s.state);
        expect(new Set(states).size, 'a state is listed twice').toBe(states.length);
        if (machine.source.kind === 'enum') {
          const values = ENUMS[machine.source.name];
          expect(values, `no enumeration ${machine.source.name} is known to the test`).toBeDefined();
          expect([...states].sort()).toEqual(Object.values(values!).sort());
        } else {
          for (const column of machine.source.columns) expect(schemaColumns, `${column} is not in the schema`).toContain(column);
          for (const state of states) expect(state).toMatch(/^[A-Z][A-Z_]*$/);
        }
      });

      it('gives every state that is not final a way out, to a state of its own, and says when an operator is asked', () => {
        expect(exitProblems(machine)).toEqual([]);
      });
    });
  }

  it('fails a table with a state that is not final and has no exit', () => {
    const broken = parseStateMachines(
      [
        '## Broken',
        '',
        'Source: enum PropertyState',
        '',
        '| state | final? | exits | operator asked |',
        '|---|---|---|---|',
        '| DRAFT | no | — | never |',
      ].join('\n'),
    );
    expect(exitProblems(broken[0]!)).toEqual(['DRAFT is not final and has no exit']);
    const unknown = parseStateMachines(
      [
        '## Broken',
        'Source: enum PropertyState',
        '| state | final? | exits | operator asked |',
        '|---|---|---|---|',
        '| DRAFT | no | → SOLD: someone | |',
      ].join('\n'),
    );
    expect(exitProblems(unknown[0]!)).toEqual(['DRAFT → SOLD: no such state', "DRAFT: say when an operator is asked, or 'never'"]);
  });
});

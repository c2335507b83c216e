import { Writable } from 'node:stream';
import pino from 'pino';

/** A line of pino's JSON log as a test reads it: its level (20 debug, 30 info, 40 warn, 50 error), message and fields. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real pino logger whose lines are kept, parsed, in `lines` (cleared by `lines.length = 0`). */
export function capturingLogger<Line extends LogLine = LogLine>(level: pino.LevelWithSilent = 'info') {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}

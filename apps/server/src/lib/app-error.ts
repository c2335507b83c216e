import type { ErrorCode } from '@listwise/domain/errors';

/** The one error class of the service layer: a catalogue code, optionally the input field at fault. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('not_found');

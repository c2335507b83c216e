// What scripts/test-model.mjs reads from the result file the model-based test writes (MODEL_RESULT_FILE) to decide
// whether the run did what it was asked. vitest's exit code alone is not enough: a run whose set-up failed before any
// sequence (PostgreSQL or the server not starting) has been seen to end with 0, so the model's own count is the word
// that counts.

/**
 * @typedef {object} ModelResult
 * @property {number} requested sequences asked for (MODEL_RUNS)
 * @property {number} sequences sequences run, shrinking's included
 * @property {number} steps steps run over them
 * @property {number} minSteps the fewest steps a sequence has
 * @property {boolean} interrupted whether the run stopped at its time bound (--minutes)
 * @property {boolean} failed whether a sequence failed
 */

/**
 * The reasons a model run is not a pass (none: it is one).
 * @param {ModelResult | null} result the result file's contents, null when the test wrote none
 * @param {{ runs: number, bounded: boolean }} request the sequences asked for, and whether a time bound was given
 * @returns {string[]}
 */
export function modelRunProblems(result, request) {
  if (!result) return ['the model test wrote no result: no sequence ran (its set-up failed, or the test did not run)'];
  const problems = [];
  if (result.failed) problems.push('a sequence failed (its seed and path are printed above)');
  if (result.requested !== request.runs)
    problems.push(`the test was asked for ${result.requested} sequences, not the ${request.runs} requested`);
  const stoppedByBound = request.bounded && result.interrupted;
  if (result.sequences < request.runs && !stoppedByBound) {
    problems.push(`${result.sequences} of the ${request.runs} sequences ran`);
  }
  if (result.sequences === 0) problems.push('no sequence ran');
  if (result.steps < result.sequences * result.minSteps) {
    problems.push(`${result.steps} steps in ${result.sequences} sequences: fewer than ${result.minSteps} a sequence`);
  }
  return problems;
}

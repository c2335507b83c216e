/**
 * Defects the model-based test finds that other branches are fixing. Each entry switches off exactly the action or
 * the check that meets it, so the test passes until the fix is merged; remove the entry with the fix, and the test
 * then holds the fix in place. An entry not listed here is a failure.
 */
export const KNOWN_DEFECTS: Record<string, string> = {};

/** Whether a defect is still listed; its action or check is skipped while it is. */
export const isKnown = (defect: string): boolean => Object.hasOwn(KNOWN_DEFECTS, defect);

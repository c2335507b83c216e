import type { MouseEvent } from 'react';

/**
 * For the add and remove buttons of a list of fields: pressing them with the mouse must not blur the field being
 * typed in first. react-hook-form validates on that blur asynchronously, and a list change made while it runs is
 * lost (the second 'Add' after typing did nothing). Keyboard users blur by tabbing, so the two never overlap.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault();

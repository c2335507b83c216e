import { MAX_AGENT_SUBURBS } from '@listwise/domain/constants';

/**
 * The agent home's suburbs banner (spec 000 'Agent home', §6): shown while the agent has claimed fewer free
 * suburbs than the maximum, and while a free trial is still left to claim. Its heading names that maximum
 * ('Lock in up to {max} suburbs…'): the free suburbs an agent may hold, never more than MAX_AGENT_SUBURBS.
 */
export function freeTrialBannerMax(state: { numberOfFreeTrialsClaimed: number; totalFreeTrialsAllowed: number }): number | null {
  const max = Math.min(MAX_AGENT_SUBURBS, state.totalFreeTrialsAllowed);
  return state.numberOfFreeTrialsClaimed < max ? max : null;
}

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

/**
 * The banner's words: an agent with no suburb is asked to subscribe; an agent who already holds
 * suburbs is never told to subscribe, only offered the free suburbs still left to add. Null when hidden, and
 * always hidden while the agent is suspended: no request reaches them then, so inviting more suburbs would
 * contradict the suspension notice above every page.
 */
export function suburbsBannerText(
  state: { numberOfFreeTrialsClaimed: number; totalFreeTrialsAllowed: number },
  subscribedSuburbCount: number,
  isSuspended: boolean,
): { heading: string; text: string } | null {
  if (isSuspended) return null;
  const max = freeTrialBannerMax(state);
  if (max === null) return null;
  if (subscribedSuburbCount === 0) {
    return {
      heading: `Lock in up to ${max} suburbs for 12 months. It is free to join.`,
      text: 'Subscribe to suburbs to receive appraisal requests in those areas',
    };
  }
  const left = Math.max(0, Math.min(max - state.numberOfFreeTrialsClaimed, MAX_AGENT_SUBURBS - subscribedSuburbCount));
  if (left === 0) return null;
  return {
    heading: `You can add ${left} more ${left === 1 ? 'suburb' : 'suburbs'} free for 12 months.`,
    text: `Requests come from the ${subscribedSuburbCount === 1 ? 'suburb' : `${subscribedSuburbCount} suburbs`} you serve; each suburb you add brings its sellers' requests too.`,
  };
}

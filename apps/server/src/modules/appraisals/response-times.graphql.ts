import { builder } from '../../graphql/builder.ts';
import { findResponseTimes, type ResponseTimes } from './response-times.ts';

const ResponseTimesRef = builder.objectRef<ResponseTimes>('ResponseTimes').implement({
  description: "How fast the agent answers over the last 90 days, beside every agent in the agent's suburbs (medians, in minutes).",
  fields: (t) => ({
    requestCount: t.exposeInt('requestCount', { description: 'Requests sent to the agent in the 90 days.' }),
    firstViewMedianMinutes: t.exposeInt('firstViewMedianMinutes', {
      nullable: true,
      description: "From a request's arrival to the agent first opening it; null when no request was opened.",
    }),
    appraisalMedianMinutes: t.exposeInt('appraisalMedianMinutes', {
      nullable: true,
      description: "From a request's arrival to the agent's appraisal; null when none was sent.",
    }),
    suburbFirstViewMedianMinutes: t.exposeInt('suburbFirstViewMedianMinutes', {
      nullable: true,
      description: "The same for every agent in the agent's suburbs; null without data.",
    }),
    suburbAppraisalMedianMinutes: t.exposeInt('suburbAppraisalMedianMinutes', {
      nullable: true,
      description: "The same for every agent in the agent's suburbs; null without data.",
    }),
  }),
});

builder.queryField('myResponseTimes', (t) =>
  t.field({
    type: ResponseTimesRef,
    authScopes: { agent: true },
    description: "The signed-in agent's median time to first view a request and to send an appraisal, beside their suburbs' medians.",
    resolve: (_r, _a, ctx) => findResponseTimes(ctx.deps.db, ctx.user!.id, ctx.deps.clock.now()),
  }),
);

import { builder } from '../../graphql/builder.ts';
import { findResponseTimes, type ResponseTimes } from './response-times.ts';

const ResponseTimesRef = builder.objectRef<ResponseTimes>('ResponseTimes').implement({
  description: "How fast the agent answers over the last 90 days, beside every agent in the agent's suburbs (medians, in minutes).",
  fields: (t) => ({
    requestCount: t.exposeInt('requestCount', { description: 'Requests sent to the agent in the 90 days.' }),
    firstViewMedianMinutes: t.exposeInt('firstViewMedianMinutes', { nullable: true }),
    appraisalMedianMinutes: t.exposeInt('appraisalMedianMinutes', { nullable: true }),
    suburbFirstViewMedianMinutes: t.exposeInt('suburbFirstViewMedianMinutes', { nullable: true }),
    suburbAppraisalMedianMinutes: t.exposeInt('suburbAppraisalMedianMinutes', { nullable: true }),
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

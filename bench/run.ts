/** `npm run bench`: every load test in turn; figures go into bench/README.md by hand after a run. */
import { benchLoginAndMe } from './login-me.ts';
import { benchMyProperties } from './my-properties.ts';
import { benchAppraisalRequests } from './appraisal-requests.ts';
import { benchSuburbSearch } from './suburb-search.ts';
import { benchGraphqlOverhead } from './graphql-overhead.ts';
import { benchTracingOverhead } from './tracing-overhead.ts';
import { benchPushLatency } from './push-latency.ts';
import { benchServerStart } from './server-start.ts';

const benches: Record<string, () => Promise<unknown>> = {
  'login-me': benchLoginAndMe,
  'my-properties': benchMyProperties,
  'appraisal-requests': benchAppraisalRequests,
  'suburb-search': benchSuburbSearch,
  'graphql-overhead': benchGraphqlOverhead,
  'push-latency': benchPushLatency,
  // Its servers are processes of their own (the SDK is process-wide); --write puts its table in README.md.
  'tracing-overhead': benchTracingOverhead,
  'server-start': benchServerStart,
};
const only = process.argv[2];
for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n# ${name}`);
  await run();
}
process.exit(0);

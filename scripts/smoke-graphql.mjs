// The GraphQL part of scripts/smoke-production.sh: two of the web app's own operations against the production
// server (the payment gateway it is configured with, and a suburb search that reads the imported dataset).
// When the build wrote the web app's trusted documents (apps/web/dist/persisted-documents.json), production
// runs only those: the operations go by hash, as the web app sends them, and a query text must be refused.
//
//   node scripts/smoke-graphql.mjs <port> <assembled app directory>
import fs from 'node:fs';
import path from 'node:path';

const [port, appDir] = process.argv.slice(2);
const manifestFile = path.join(appDir, 'apps/web/dist/persisted-documents.json');
const manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : undefined;

async function post(body) {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return response.json();
}

/** The request for the web app's operation `name`: by hash when there are trusted documents, else its text. */
function operation(name, text, variables = {}) {
  if (!manifest) return { query: text, operationName: name, variables };
  const entry = Object.entries(manifest).find(([, document]) => new RegExp(`\\b(query|mutation) ${name}\\b`).test(document));
  if (!entry) throw new Error(`no trusted document for the operation ${name}`);
  return { operationName: name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: entry[0] } } };
}

function expect(condition, what, answer) {
  if (!condition) {
    console.error(`smoke: ${what}; answer: ${JSON.stringify(answer)}`);
    process.exit(1);
  }
}

const gateway = await post(
  operation('PaymentGatewayConfig', 'query PaymentGatewayConfig { paymentGatewayConfig { kind publishableKey } }'),
);
expect(gateway.data?.paymentGatewayConfig?.kind === 'STRIPE', 'production runs the Stripe gateway', gateway);

const suburbs = await post(
  operation(
    'SearchSuburbsForAddress',
    'query SearchSuburbsForAddress($query: String!, $first: Int) { searchSuburbs(query: $query, first: $first) { name postcode } }',
    { query: 'Bondi Beach', first: 1 },
  ),
);
const [suburb] = suburbs.data?.searchSuburbs ?? [];
expect(suburb?.name === 'Bondi Beach' && suburb.postcode === '2026', 'the suburb search finds Bondi Beach 2026', suburbs);

if (manifest) {
  const arbitrary = await post({ query: '{ __typename }' });
  expect(arbitrary.errors?.[0]?.extensions?.code === 'unknown_operation', 'a query that is not a trusted document is refused', arbitrary);
}
console.log(
  `smoke: GraphQL ${manifest ? `by trusted document (${Object.keys(manifest).length} in the build)` : 'by query text'}: ${JSON.stringify(suburbs.data)}`,
);

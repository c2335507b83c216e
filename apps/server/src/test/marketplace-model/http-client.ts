import http from 'node:http';

/**
 * The model's requests to its servers, over node:http with kept-alive connections. A run sends tens of thousands of
 * small requests, and on this 2-core machine the test's processor time is taken from the servers it drives: 3,000
 * posts to a local server cost `fetch` 1.7–2.7 s of processor time and this 0.7–1.0 s (Node 24 and 20).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export interface HttpAnswer {
  status: number;
  text: string;
}

/** A request the server has not answered in this long has hung: the step fails rather than wait for the test's end. */
const ANSWER_WITHIN_MS = 60_000;
/** Redirects followed for a GET, as `fetch` follows them: a public page moved to its new address is read there. */
const MAX_REDIRECTS = 5;

/**
 * One request; rejects when the server does not answer (a killed process, a refused connection, nothing within
 * ANSWER_WITHIN_MS). A GET follows redirects.
 */
export async function send(url: string, options: RequestOptions = {}, redirects = 0): Promise<HttpAnswer> {
  const answer = await sendOnce(url, options);
  if (options.method === 'POST' || !answer.location || answer.status < 300 || answer.status >= 400) return answer;
  if (redirects >= MAX_REDIRECTS) throw new Error(`${url}: more than ${MAX_REDIRECTS} redirects`);
  return send(new URL(answer.location, url).toString(), options, redirects + 1);
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

function sendOnce(url: string, options: RequestOptions): Promise<HttpAnswer & { location?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...(options.body !== undefined && { 'content-length': Buffer.byteLength(options.body) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            location: response.headers.location,
          }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(ANSWER_WITHIN_MS, () => request.destroy(new Error(`${url}: no answer within ${ANSWER_WITHIN_MS / 1000} s`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

/** A JSON body posted: what the GraphQL endpoint and the dev routes take. */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  send(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

// @vitest-environment happy-dom
/**
 * 'How fast you answer' on the agent's home: the count of requests it is measured over reads as English for one
 * request as for many.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Client, makeResult, Provider, type Exchange } from 'urql';
import { filter, fromValue, mergeMap, pipe } from 'wonka';
import { describe, expect, it } from 'vitest';
import { ResponseTimes } from './response-times';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function summaryFor(requestCount: number): Promise<string> {
  const myResponseTimes = {
    requestCount,
    firstViewMedianMinutes: 360,
    appraisalMedianMinutes: 360,
    suburbFirstViewMedianMinutes: 360,
    suburbAppraisalMedianMinutes: 540,
  };
  const answering: Exchange = () => (operations$) =>
    pipe(
      operations$,
      filter((op) => op.kind !== 'teardown'),
      mergeMap((op) => fromValue(makeResult(op, { data: { myResponseTimes } }))),
    );
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <Provider value={new Client({ url: 'http://localhost/graphql', exchanges: [answering] })}>
        <ResponseTimes />
      </Provider>,
    );
  });
  const text = container.querySelector('p')?.textContent ?? '';
  await act(async () => root.unmount());
  return text;
}

describe('ResponseTimes', () => {
  it('counts one request in the singular and more in the plural', async () => {
    expect(await summaryFor(1)).toBe('Median time from a seller’s request, over the last 90 days (1 request).');
    expect(await summaryFor(4)).toBe('Median time from a seller’s request, over the last 90 days (4 requests).');
  });
});

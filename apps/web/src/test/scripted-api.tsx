/**
 * A component against a scripted GraphQL API, for unit tests in happy-dom: every operation the component sends is
 * recorded with its variables and answered by the test's own function a microtask later, with no server and no
 * network. Forms are driven the way a person drives them (typing fires the input event React listens to).
 */
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Client, makeResult, Provider, type Exchange, type Operation } from 'urql';
import type { GraphQLError } from 'graphql';
import { filter, fromPromise, mergeMap, pipe } from 'wonka';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type ScriptedAnswer = { data?: Record<string, unknown> | null; errors?: GraphQLError[] };

/** A client whose operations are pushed onto `sent` (their variables) and answered by `answer`. */
export function scriptedClient(sent: Record<string, unknown>[], answer: (operation: Operation) => ScriptedAnswer): Client {
  const exchange: Exchange = () => (operations$) =>
    pipe(
      operations$,
      filter((operation) => operation.kind !== 'teardown'),
      mergeMap((operation: Operation) =>
        fromPromise(
          Promise.resolve().then(() => {
            sent.push(operation.variables as Record<string, unknown>);
            const { data = null, errors } = answer(operation);
            return makeResult(operation, { data, errors });
          }),
        ),
      ),
    );
  return new Client({ url: 'http://localhost/graphql', exchanges: [exchange] });
}

/** Renders `ui` with `client` into a container in the document; `unmount` takes both away. */
export async function renderWithClient(client: Client, ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<Provider value={client}>{ui}</Provider>));
  return {
    container,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Lets answered operations and the renders they cause finish. */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** The text of the elements an element's aria-describedby names (its error, its hint). */
export const describedBy = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** Types `value` into a text area as a person would: React sees the input event. */
export async function typeInto(field: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * A keyset-paged list of the console: the first page, then one more page per 'Load more'. Each loaded page is
 * its own query (its `after` cursor), so mutations that return an object update it in place through the
 * normalised cache. Remount the list (change its `key`) to start again from the first page, e.g. after a
 * change that moves rows between lists.
 */
import { useState, type ReactNode } from 'react';
import { useQuery, type TypedDocumentNode } from 'urql';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import { ADMIN_PAGE_SIZE, type Connection, type PageVariables } from '@/features/admin/shared/types';

interface PagedListProps<TData, TNode, TVars extends PageVariables> {
  query: TypedDocumentNode<TData, TVars>;
  /** The list's own variables; `first` and `after` are added per page. */
  variables?: Omit<TVars, 'first' | 'after'>;
  connectionOf: (data: TData) => Connection<TNode>;
  renderItem: (node: TNode) => ReactNode;
  keyOf: (node: TNode) => string;
  /** Accessible name of the list. */
  label: string;
  emptyText: string;
}

interface PageProps<TData, TNode, TVars extends PageVariables> extends PagedListProps<TData, TNode, TVars> {
  after: string | null;
  isLast: boolean;
  onLoadMore: (cursor: string) => void;
}

function Page<TData, TNode, TVars extends PageVariables>({
  query,
  variables,
  connectionOf,
  renderItem,
  keyOf,
  after,
  isLast,
  onLoadMore,
  emptyText,
}: PageProps<TData, TNode, TVars>) {
  const [{ data, error, fetching }, reexecute] = useQuery({
    query,
    variables: { ...variables, first: ADMIN_PAGE_SIZE, after } as TVars,
    requestPolicy: 'cache-and-network',
  });
  if (!data) {
    if (error) {
      return (
        <li className="flex flex-col items-start gap-3 py-4">
          <p className="text-danger">{errorMessage(error)}</p>
          <Button width="auto" variant="secondary" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
            Try again
          </Button>
        </li>
      );
    }
    return (
      <li className="flex justify-center py-6 text-brand-800">
        <Spinner />
      </li>
    );
  }
  const connection = connectionOf(data);
  return (
    <>
      {after === null && connection.edges.length === 0 && !fetching && <li className="py-6 text-ink-soft">{emptyText}</li>}
      {connection.edges.map(({ node }) => (
        <li key={keyOf(node)}>{renderItem(node)}</li>
      ))}
      {isLast && connection.pageInfo.hasNextPage && connection.pageInfo.endCursor && (
        <li className="flex justify-center pt-2">
          <Button variant="secondary" width="auto" onClick={() => onLoadMore(connection.pageInfo.endCursor!)}>
            Load more
          </Button>
        </li>
      )}
    </>
  );
}

export function PagedList<TData, TNode, TVars extends PageVariables>(props: PagedListProps<TData, TNode, TVars>) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return (
    <ul aria-label={props.label} className="flex flex-col gap-3">
      {cursors.map((after, index) => (
        <Page
          key={after ?? 'first'}
          {...props}
          after={after}
          isLast={index === cursors.length - 1}
          onLoadMore={(cursor) => setCursors((current) => (current.includes(cursor) ? current : [...current, cursor]))}
        />
      ))}
    </ul>
  );
}

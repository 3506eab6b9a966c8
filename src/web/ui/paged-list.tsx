import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { LoadingState, Spinner } from './spinner';

/** What a paged list needs from TanStack Query's infinite query. */
type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
};

type PagedListProps = {
  query: PagedQuery;
  /** How many rows the pages hold so far. */
  count: number;
  loadingLabel: string;
  /** Shown when the server's error carries no message. */
  errorText: string;
  /** Shown when there is nothing (already worded for whether filters are on). */
  emptyText: string;
  loadMoreErrorText: string;
  /** The rows: rendered only once there are some. */
  children: ReactNode;
};

/** A server-paged list's states: loading, error with a retry, empty, the rows, and 'Load more' by cursor. */
export function PagedList({
  query,
  count,
  loadingLabel,
  errorText,
  emptyText,
  loadMoreErrorText,
  children,
}: PagedListProps) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) {
    return (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{query.error?.message || errorText}</span>
        <Button size="sm" variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (count === 0) {
    return (
      <p className="rounded-lg border border-border border-dashed p-6 text-center text-muted-foreground">
        {emptyText}
      </p>
    );
  }
  return (
    <>
      {children}
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? <Spinner /> : null}
            Load more
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? <Alert variant="error">{loadMoreErrorText}</Alert> : null}
    </>
  );
}

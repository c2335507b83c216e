import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/button';
import { NotFoundPage } from '@/components/not-found';
import { reportError } from '@/lib/error-reporting';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Shown when a page fails to render or its code cannot be loaded (e.g. after a new release replaced the
 * chunks). Reloading fetches the current build.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(isNotFound ? 'Page not found' : 'Something went wrong');
  useEffect(() => {
    if (!isNotFound) reportError('render', error);
  }, [error, isNotFound]);

  return (
    <main id="main-content" tabIndex={-1} className="outline-none">
      {isNotFound ? (
        <NotFoundPage />
      ) : (
        <div className="mx-auto flex max-w-xl flex-col items-center px-5 py-20 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-ink">Something went wrong</h1>
          <p className="mt-3 text-base leading-7 text-ink-soft">An unexpected error occurred, please try again later.</p>
          <div className="mt-8 flex w-full flex-col gap-3 md:w-auto md:flex-row">
            <Button onClick={() => window.location.reload()}>Reload page</Button>
            <Button variant="secondary" onClick={() => window.location.assign('/')}>
              Go home
            </Button>
          </div>
        </div>
      )}
    </main>
  );
}

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/button';

/** Last-resort screen when a route fails to render or its code cannot be downloaded. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main
      id="main-content"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="font-semibold text-2xl">Something went wrong</h1>
      <p className="text-muted-foreground">The page could not be shown. Reloading usually helps.</p>
      {detail ? <p className="text-muted-foreground text-sm">{detail}</p> : null}
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </main>
  );
}

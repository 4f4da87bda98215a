import { useRouteError } from 'react-router';
import { AppErrorMessage } from './app-error-message';

/** The router's errorElement: anything a page, loader or lazy import throws ends here. */
export function RouteErrorPage() {
  return <AppErrorMessage error={useRouteError()} />;
}

import { useParams } from 'react-router';
import { uuidParam } from '@contracts/common';
import { SessionPage } from '@web/features/sessions/components/session-page';
import { NotFoundPage } from './not-found-page';

/**
 * /session/:id. An id that cannot be one (a mistyped address) is simply a page that is not
 * there: asking the server would only bring back its wording of a malformed id.
 */
export function StaffSessionRoute() {
  const { id = '' } = useParams();
  return uuidParam.safeParse(id).success ? <SessionPage /> : <NotFoundPage />;
}

import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';

/** What a link that no longer works shows: the server's one sentence, and where to go next. */
export function DeadLink({ message, action }: { message: string; action?: 'forgot' }) {
  return (
    <>
      <p role="alert" className="text-sm">
        {message}
      </p>
      <Button asChild className="w-full" variant={action ? 'default' : 'outline'}>
        {action ? (
          <Link to="/auth/forgot">Ask for a new link</Link>
        ) : (
          <Link to="/auth/login">Go to sign in</Link>
        )}
      </Button>
    </>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { MailWarningIcon, XIcon } from 'lucide-react';
import { hasRole, useSession } from '@web/lib/session';

/** Hidden for this tab's session only: a new session says it again, as long as it is true. */
export const MAIL_BANNER_HIDDEN_KEY = 'carebook.mail-banner-hidden';

function hiddenThisSession(): boolean {
  try {
    return sessionStorage.getItem(MAIL_BANNER_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * On every staff page while the server sends no e-mail (no SMTP_URL): messages wait in the
 * outbox, and an online booking cannot be confirmed by its patient until someone passes on the
 * link. Admins are sent to where the messages wait; others are told whom to ask. It takes its own
 * room above the page instead of floating over it, so it covers nothing on a phone.
 */
export function MailDeliveryBanner() {
  const { user } = useSession();
  const [hidden, setHidden] = useState(hiddenThisSession);
  if (user?.mailDelivery !== 'off' || hidden) return null;
  const admin = hasRole(user, ['admin']);
  const hide = () => {
    try {
      sessionStorage.setItem(MAIL_BANNER_HIDDEN_KEY, '1');
    } catch {
      // Storage refused (private mode): hidden until the page reloads.
    }
    setHidden(true);
  };
  return (
    <aside
      data-print="hide"
      aria-label="Mail delivery"
      className="flex items-start gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 md:px-8 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <MailWarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">
          Messages are not being sent: no mail server is set.
        </strong>{' '}
        {admin ? (
          <>
            They wait in{' '}
            <Link to="/admin/outbox" className="font-medium underline underline-offset-2">
              Notifications
            </Link>
            . Set <code className="font-mono text-[0.9em]">SMTP_URL</code> to send them.
          </>
        ) : (
          <>
            Patients and staff get no e-mails until an admin sets{' '}
            <code className="font-mono text-[0.9em]">SMTP_URL</code>. Please ask an admin.
          </>
        )}
      </p>
      <button
        type="button"
        onClick={hide}
        aria-label="Hide this notice for this session"
        className="-m-1 rounded-sm p-1 opacity-70 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <XIcon aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}

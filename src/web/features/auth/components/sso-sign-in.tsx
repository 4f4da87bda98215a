import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { KeySquareIcon } from 'lucide-react';
import { isSsoErrorCode, SSO_ERROR_MESSAGES } from '@domain/sso-errors';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { ssoStartUrl } from '../api/start-sso';

// Its words avoid "Sign in" and "Email": the password form's button and field keep those names
// to themselves, for people and for the journeys that find them by name.

/**
 * The sign-in page's way through an identity provider: the work e-mail address says which one,
 * and the browser goes there. A refusal comes back as ?sso_error=<code>, said here in words.
 */
export function SsoSignIn({ next }: { next: string | null }) {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('sso_error');
  const refusal = isSsoErrorCode(code) ? SSO_ERROR_MESSAGES[code] : null;
  const [open, setOpen] = useState(refusal !== null);
  const [address, setAddress] = useState('');
  const [leaving, setLeaving] = useState(false);

  return (
    <div className="mt-6 grid gap-3 border-t pt-5">
      {refusal && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      )}
      {open ? (
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (leaving || !address.includes('@')) return;
            setLeaving(true);
            window.location.assign(ssoStartUrl(address, next));
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="sso-work-address">Work e-mail address</Label>
            <Input
              id="sso-work-address"
              type="email"
              inputMode="email"
              autoComplete="username"
              required
              autoFocus
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" disabled={leaving}>
            {leaving ? 'Going to your identity provider…' : 'Continue with single sign-on'}
          </Button>
        </form>
      ) : (
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          <KeySquareIcon aria-hidden="true" />
          Single sign-on
        </Button>
      )}
    </div>
  );
}

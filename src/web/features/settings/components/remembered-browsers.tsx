import Bowser from 'bowser';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-field';
import {
  useForgetAllBrowsers,
  useForgetBrowser,
  useRememberedBrowsers,
} from '../api/two-step-settings';

/** "Chrome on Windows", from what the browser said it was when it was remembered. */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? 'Unknown browser';
  return parsed.os.name ? `${browser} on ${parsed.os.name}` : browser;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** The browsers that skip the second factor, each of which the user can forget (ADR 046). */
export function RememberedBrowsers() {
  const browsers = useRememberedBrowsers(true);
  const forget = useForgetBrowser();
  const forgetAll = useForgetAllBrowsers();
  const list = browsers.data?.data ?? [];
  return (
    <section aria-labelledby="remembered-browsers-title" className="grid gap-2">
      <h3 id="remembered-browsers-title" className="text-sm font-semibold">
        Remembered browsers
      </h3>
      {browsers.isError && <FormError message={browsers.error.message} />}
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No browser skips the code. Tick “Remember this browser” when you sign in to skip it for 30
          days on a computer only you use.
        </p>
      ) : (
        <ul className="grid gap-2">
          {list.map((browser) => (
            <li
              key={browser.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
            >
              <span>
                {browserLabel(browser.userAgent)}
                {browser.current && ' (this browser)'}
                <span className="block text-xs text-muted-foreground">
                  Remembered {day(browser.createdAt)}, until {day(browser.expiresAt)}
                </span>
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={forget.isPending}
                aria-label={`Forget ${browserLabel(browser.userAgent)}, remembered ${day(browser.createdAt)}`}
                onClick={() => forget.mutate(browser.id)}
              >
                Forget
              </Button>
            </li>
          ))}
        </ul>
      )}
      {list.length > 1 && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={forgetAll.isPending}
          onClick={() => forgetAll.mutate()}
        >
          Forget all browsers
        </Button>
      )}
      <FormError message={forget.error?.message ?? forgetAll.error?.message} />
    </section>
  );
}

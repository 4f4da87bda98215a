import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDate, formatTime } from '@domain/format';
import {
  FEED_OPTIONS,
  feedUrlWithOptions,
  type FeedOption,
  type FeedOptions,
} from '@contracts/feeds';
import { CopyField } from '@web/components/copy-field';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormError } from '@web/components/ui/form-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import {
  myCalendarFeedQueryOptions,
  useCreateMyCalendarFeed,
  useRevokeMyCalendarFeed,
} from '../api/calendar-feeds';

const OPTION_LABELS: Record<FeedOption, { label: string; hint: string }> = {
  alarms: {
    label: 'Reminders',
    hint: 'An alarm before each appointment, at the times your clinic reminds its patients.',
  },
  attendees: {
    label: 'Attendees',
    hint: 'You and the patient (as the event names them) as attendees of each appointment.',
  },
};

function FeedUrl({ url }: { url: string }) {
  const [options, setOptions] = useState<FeedOptions>({ alarms: false, attendees: false });
  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Add to each event</legend>
        {FEED_OPTIONS.map((option) => (
          <div key={option} className="flex items-start gap-2">
            <Checkbox
              id={`calendar-feed-${option}`}
              className="mt-0.5"
              aria-describedby={`calendar-feed-${option}-hint`}
              checked={options[option]}
              onChange={(e) => setOptions({ ...options, [option]: e.target.checked })}
            />
            <div className="grid gap-0.5 text-sm">
              <Label htmlFor={`calendar-feed-${option}`}>{OPTION_LABELS[option].label}</Label>
              <span id={`calendar-feed-${option}-hint`} className="text-muted-foreground">
                {OPTION_LABELS[option].hint}
              </span>
            </div>
          </div>
        ))}
      </fieldset>
      <CopyField
        id="calendar-feed-url"
        label="Subscription URL"
        value={feedUrlWithOptions(url, options)}
        copyLabel="Copy"
        messages={{
          copied: 'Feed URL copied to clipboard',
          failed: 'Failed to copy the URL: select it and copy it by hand.',
        }}
      >
        <p className="text-sm text-muted-foreground">
          Copy it now: it is shown only once. Anyone with it can see your appointment times, so keep
          it to your own calendar.
        </p>
      </CopyField>
    </div>
  );
}

function Instructions() {
  return (
    <details className="rounded-md border p-3 text-sm">
      <summary className="cursor-pointer font-medium">How to subscribe</summary>
      <ul className="mt-2 grid list-disc gap-2 pl-5 text-muted-foreground">
        <li>
          <strong className="text-foreground">Apple Calendar</strong>: on a Mac, File › New Calendar
          Subscription, and paste the URL. On iPhone, Settings › Calendar › Accounts › Add Account ›
          Other › Add Subscribed Calendar.
        </li>
        <li>
          <strong className="text-foreground">Google Calendar</strong>: on a computer, Other
          calendars › + › From URL, and paste the URL. Google refreshes it every few hours.
        </li>
        <li>
          <strong className="text-foreground">Outlook</strong>: Add calendar › Subscribe from web,
          paste the URL and name it.
        </li>
      </ul>
    </details>
  );
}

/** /settings: the member's private calendar feed, made, rotated or turned off here. */
export function CalendarFeedSettings() {
  const timeZone = useViewerTimeZone();
  const feed = useQuery(myCalendarFeedQueryOptions);
  const create = useCreateMyCalendarFeed();
  const revoke = useRevokeMyCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const make = () =>
    create.mutate(undefined, {
      onSuccess: (created) => setUrl(created.url),
    });
  const when = (iso: string) => `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

  return (
    <Card aria-labelledby="calendar-feed-title" role="region">
      <CardHeader>
        <CardTitle level={2} id="calendar-feed-title">
          Calendar feed
        </CardTitle>
        <CardDescription>
          See your appointments in your phone’s calendar: from 30 days back to as far ahead as
          bookings go. Events say “Appointment” and at most the patient’s first name and initial.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {feed.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : feed.isError ? (
          <FormError message={feed.error.message} />
        ) : (
          <>
            {url ? (
              <FeedUrl url={url} />
            ) : feed.data.feed ? (
              <p className="text-sm">
                Your feed is on since {when(feed.data.feed.createdAt)}
                {feed.data.feed.lastFetchedAt
                  ? `; last fetched ${when(feed.data.feed.lastFetchedAt)}.`
                  : '; no calendar has fetched it yet.'}{' '}
                Lost the URL? Make a new one: the old one stops working.
              </p>
            ) : (
              <p className="text-sm">You have no calendar feed.</p>
            )}
            <FormError message={create.error?.message ?? revoke.error?.message} />
            <div className="flex flex-wrap gap-2">
              <Button onClick={make} disabled={create.isPending}>
                {feed.data.feed || url ? 'Make a new URL' : 'Make feed URL'}
              </Button>
              {(feed.data.feed || url) && (
                <Button
                  variant="outline"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(undefined, {
                      onSuccess: () => {
                        setUrl(null);
                        toast.success('Your calendar feed is off.');
                      },
                    })
                  }
                >
                  Turn feed off
                </Button>
              )}
            </div>
            <Instructions />
          </>
        )}
      </CardContent>
    </Card>
  );
}

import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  connectOutsideCalendarBody,
  type ConnectOutsideCalendarBody,
} from '@contracts/outside-calendars';
import { OptionsSelect } from '@web/components/options-select';
import { Button } from '@web/components/ui/button';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import type { AvailabilityTarget } from '../api/get-availability';
import { useConnectOutsideCalendar } from '../api/outside-calendars';

const KIND_OPTIONS = [
  { value: 'ical-url', label: 'iCalendar address (Google, Outlook)' },
  { value: 'caldav', label: 'CalDAV server' },
];

type FormValues = {
  kind: 'ical-url' | 'caldav';
  name: string;
  url: string;
  username: string;
  password: string;
};

const EMPTY: FormValues = { kind: 'ical-url', name: '', url: '', username: '', password: '' };

/**
 * Connects a calendar: the contract's schema checks the form as the server does. The password
 * field is cleared once sent; nothing of it comes back (ADR 053).
 */
export function ConnectOutsideCalendarForm({ target }: { target: AvailabilityTarget }) {
  const connect = useConnectOutsideCalendar(target);
  const form = useForm<FormValues, unknown, ConnectOutsideCalendarBody>({
    resolver: zodResolver(connectOutsideCalendarBody) as never,
    defaultValues: EMPTY,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    connect.mutate(body, {
      onSuccess: (calendar) => {
        form.reset(EMPTY);
        if (calendar.lastError) toast.error(`${calendar.name}: ${calendar.lastError}`);
        else toast.success(`${calendar.name} connected`);
      },
      onError: (error) => toast.error(error.message),
    }),
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-4 rounded-lg border bg-card p-4"
      aria-label="Connect a calendar"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="outside-kind" label="Kind">
          <OptionsSelect
            id="outside-kind"
            value={kind}
            onChange={(value) => form.setValue('kind', value as FormValues['kind'])}
            options={KIND_OPTIONS}
          />
        </FormField>
        <FormField id="outside-name" label="Name" required error={errors.name?.message}>
          <Input
            id="outside-name"
            aria-required
            {...fieldDescription('outside-name', { error: errors.name?.message })}
            {...form.register('name')}
          />
        </FormField>
      </div>
      <FormField
        id="outside-url"
        label={kind === 'caldav' ? 'Calendar address' : 'Secret iCalendar address'}
        required
        error={errors.url?.message}
      >
        <Input
          id="outside-url"
          type="url"
          aria-required
          autoComplete="off"
          {...fieldDescription('outside-url', { error: errors.url?.message })}
          {...form.register('url')}
        />
      </FormField>
      {kind === 'caldav' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="outside-username"
            label="User name"
            required
            error={(errors as { username?: { message?: string } }).username?.message}
          >
            <Input id="outside-username" autoComplete="off" {...form.register('username')} />
          </FormField>
          <FormField
            id="outside-password"
            label="App password"
            required
            error={(errors as { password?: { message?: string } }).password?.message}
          >
            <Input
              id="outside-password"
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
            />
          </FormField>
        </div>
      )}
      <div>
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting…' : 'Connect calendar'}
        </Button>
      </div>
    </form>
  );
}

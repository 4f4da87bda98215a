import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { createClinicBody } from '@contracts/clinic-policy';
import { TimeZonePicker } from '@web/components/time-zone-picker';
import { Button } from '@web/components/ui/button';
import { TitledDialog } from '@web/components/dialog-frame';
import { DialogFooter } from '@web/components/ui/dialog';
import { fieldDescription, FormField, TextField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { blankAsAbsent, labelled, worded } from '@web/lib/form-schema';
import { browserTimeZone } from '@web/lib/time-zones';
import { useCreateClinic } from '../api/create-clinic';

const { shape } = createClinicBody;

/** The contract's rules, said after each field's label. */
const addClinicSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .pipe(worded(shape.name, labelled('Name'))),
  timezone: z
    .string()
    .min(1, 'Choose the clinic’s time zone')
    .pipe(worded(shape.timezone, labelled('Time zone'))),
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required')
    .pipe(worded(shape.phone, labelled('Phone'))),
  address: blankAsAbsent(worded(shape.address, labelled('Address'))),
});
type AddClinicValues = z.input<typeof addClinicSchema>;
type AddClinicOutput = z.output<typeof addClinicSchema>;

function AddClinicForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateClinic();
  const form = useForm<AddClinicValues, unknown, AddClinicOutput>({
    resolver: zodResolver(addClinicSchema),
    defaultValues: { name: '', timezone: browserTimeZone(), phone: '', address: '' },
  });
  const { errors } = form.formState;

  const save = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(
      { ...values, address: values.address ?? null },
      {
        onSuccess: (clinic) => {
          toast.success(`${clinic.name} is ready: set its hours and rules next.`);
          onDone();
          void navigate(`/admin/clinics/${clinic.slug}`);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="grid gap-4">
      <TextField
        id={`${id}-name`}
        label="Name"
        required
        error={errors.name?.message}
        autoComplete="organization"
        aria-required="true"
        {...form.register('name')}
      />
      <FormField
        id={`${id}-timezone`}
        label="Time zone"
        required
        hint="Where the clinic is: its days, hours and reminders follow this zone."
        error={errors.timezone?.message}
      >
        <Controller
          control={form.control}
          name="timezone"
          render={({ field }) => (
            <TimeZonePicker
              id={`${id}-timezone`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              {...fieldDescription(`${id}-timezone`, {
                error: errors.timezone?.message,
                hint: true,
              })}
            />
          )}
        />
      </FormField>
      <TextField
        id={`${id}-phone`}
        label="Phone"
        required
        hint="Patients are asked to call it when they cannot change a visit online."
        error={errors.phone?.message}
        type="tel"
        autoComplete="tel"
        aria-required="true"
        {...form.register('phone')}
      />
      <FormField
        id={`${id}-address`}
        label="Address (optional)"
        hint="As patients should read it."
        error={errors.address?.message}
      >
        <Textarea
          id={`${id}-address`}
          rows={3}
          autoComplete="street-address"
          {...fieldDescription(`${id}-address`, { error: errors.address?.message, hint: true })}
          {...form.register('address')}
        />
      </FormField>
      {create.error && (
        <p role="alert" className="text-sm text-destructive">
          {create.error.message}
        </p>
      )}
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add clinic'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Adds a clinic: its name, time zone and the phone (and address) its patients are told. */
export function AddClinicDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-lg"
      title="Add clinic"
      description="You become its admin. Its hours, staff and rules are set next."
    >
      {open && <AddClinicForm onDone={() => onOpenChange(false)} />}
    </TitledDialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { isApiError } from '@web/lib/api-client';
import { isOutsideBusyRefusal } from '@web/lib/outside-busy';
import { OutsideBusyAlert } from '@web/components/outside-busy-alert';
import { TimeSlotPicker } from '@web/features/slots/components/time-slot-picker';
import {
  newIdempotencyKey,
  useCreateAppointment,
  type Appointment,
} from '../../api/create-appointment';
import { clinicsQueryOptions } from '@web/queries/clinics';
import { useClinicResources } from '@web/queries/resources';
import { useClinicServices } from '@web/queries/services';
import { ServiceChoice } from './service-choice';
import { localDateKey } from '@domain/format';
import { seriesPreviewQueryOptions, useCreateSeries } from '../../api/appointment-series';
import { NO_REPEAT, RepeatSection, ruleOf, skippedDates } from './repeat-section';
import { PatientStep } from './patient-step';
import { SettingsStep } from './settings-step';
import { StepIndicator } from './step-indicator';
import {
  canCreate,
  canGoNext,
  useCreateWizard,
  WIZARD_STEPS,
  type DefaultPatient,
} from './use-create-wizard';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { WizardFooter } from './wizard-footer';

export interface CreateAppointmentDefaults {
  /** YYYY-MM-DD, in the viewer's zone. */
  defaultDate?: string;
  defaultAgentId?: string;
  defaultPatient?: DefaultPatient;
  /** Offered as the success toast's View action: opens the new appointment wherever it is. */
  onView?: (appointment: Appointment) => void;
}

/**
 * The three steps of "Create New Appointment". Mounted afresh on every opening of the dialog,
 * so each opening starts at step 1 with no slot and the defaults applied.
 */
export function CreateAppointmentWizard({
  defaultDate,
  defaultAgentId,
  defaultPatient,
  onView,
  onCreated,
  onClose,
}: CreateAppointmentDefaults & {
  onCreated?: (appointment: Appointment) => void;
  onClose: () => void;
}) {
  const { state, dispatch } = useCreateWizard(defaultPatient);
  const { step, form, slot } = state;
  const timeZone = useViewerTimeZone();
  const clinics = useQuery(clinicsQueryOptions);
  const [idempotencyKey] = useState(newIdempotencyKey);
  // The server's words when the provider is busy in their outside calendar then (ADR 053), for
  // the slot they were said about; staff may book anyway.
  const [outsideBusy, setOutsideBusy] = useState<{ message: string; slot: typeof slot } | null>(
    null,
  );
  const create = useCreateAppointment(idempotencyKey, {
    onSuccess: (appointment) => {
      // The new booking may sit on another tab or page of the list: View goes straight to it.
      if (onView) {
        toast.success('Appointment created successfully', {
          action: { label: 'View', onClick: () => onView(appointment) },
        });
      } else {
        toast.success('Appointment created successfully');
      }
      onClose();
      onCreated?.(appointment);
    },
    onError: (error) => {
      if (isOutsideBusyRefusal(error)) {
        setOutsideBusy({ message: error.message, slot });
        return;
      }
      toast.error(error.message || 'Failed to create appointment');
      // Taken meanwhile (409) or no longer bookable (422): pick again from fresh slots.
      if (isApiError(error) && (error.status === 409 || error.status === 422)) {
        dispatch({ type: 'slotRefused' });
      }
    },
  });

  // What is booked (issue 42): the service chosen, else the clinic's default (still active, so
  // always listed). Only another service is sent; the default is what a body without one books,
  // so a clinic that never set up services sends the spec's body exactly as before.
  const services = useClinicServices(form.clinic);
  const activeServices = services.data?.filter((s) => !s.archived);
  const service =
    activeServices?.find((s) => s.id === state.serviceId) ??
    activeServices?.find((s) => s.isDefault);
  const serviceId = service && !service.isDefault ? service.id : undefined;
  // The room it will use (ADR 045): the one staff chose, the one the service names, or the
  // first free one of its kind, which the booking gives.
  const resources = useClinicResources(
    service?.resourceCategory || service?.resourceId ? form.clinic : undefined,
  );
  const roomName = !serviceId
    ? undefined
    : slot?.resourceId || service?.resourceId
      ? resources.data?.find((r) => r.id === (slot?.resourceId ?? service?.resourceId))?.name
      : service?.resourceCategory
        ? `The first free ${service.resourceCategory.toLowerCase()}`
        : undefined;

  // A repeating booking (ADR 017): the rule from the chosen slot's date in the clinic's zone,
  // its preview, and the series call. Without a repeat, everything above is as it was.
  const [repeat, setRepeat] = useState(NO_REPEAT);
  const [seriesKey] = useState(newIdempotencyKey);
  const clinicZone = clinics.data?.find((c) => c.slug === form.clinic)?.timezone ?? 'UTC';
  const firstDate = slot ? localDateKey(slot.startTime, clinicZone) : '';
  const rule = slot ? ruleOf(repeat, firstDate) : null;
  const seriesInput =
    rule && slot
      ? { ...form, slot, duration: state.duration, serviceId, rrule: rule, skip: [] }
      : null;
  const preview = useQuery(seriesPreviewQueryOptions(step === 3 ? seriesInput : null));
  const series = useCreateSeries(seriesKey, {
    onSuccess: ({ created }) => {
      toast.success(`${created.length} appointments created`);
      onClose();
      if (created[0]) onCreated?.(created[0]);
    },
    // The preview refreshes with the appointment data, showing what changed meanwhile.
    onError: (error) => toast.error(error.message || 'Failed to create appointments'),
  });
  const repeating = repeat.choice !== 'none';
  const toBook = preview.data
    ? preview.data.occurrences.length - skippedDates(preview.data, repeat).length
    : 0;
  const pending = create.isPending || series.isPending;
  const ready = repeating
    ? !pending && rule !== null && toBook > 0 && canCreate(state, false)
    : canCreate(state, pending);

  // Staff of one clinic have nothing to choose: their clinic is chosen for them, once.
  const onlyClinic = clinics.data?.length === 1 ? clinics.data[0]!.slug : null;
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !onlyClinic) return;
    preselected.current = true;
    if (form.clinic === '') dispatch({ type: 'setClinic', clinic: onlyClinic });
  }, [onlyClinic, form.clinic, dispatch]);

  // The picker stays mounted once shown, so Back from step 3 finds the day and filters as left.
  const [pickerShown, setPickerShown] = useState(false);
  if (step === 2 && !pickerShown) setPickerShown(true);

  // A new step's heading takes focus, so keyboard and screen reader users start at its top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const title = WIZARD_STEPS[step - 1]!.title;
  const clinicName = clinics.data?.find((c) => c.slug === form.clinic)?.name ?? form.clinic;

  function submit() {
    if (!slot || !ready) return;
    if (repeating && seriesInput && preview.data) {
      series.mutate({ ...seriesInput, skip: skippedDates(preview.data, repeat) });
      return;
    }
    create.mutate({ ...form, slot, duration: state.duration, serviceId });
  }

  /** "Book anyway": the same booking again, saying staff know of the outside event. */
  function bookAnyway() {
    if (!slot) return;
    create.mutate({
      ...form,
      slot,
      duration: state.duration,
      serviceId,
      overrideOutsideBusy: true,
    });
  }
  const outsideBusyNow = outsideBusy && outsideBusy.slot === slot ? outsideBusy.message : null;

  return (
    <>
      <DialogHeader className="gap-4 border-b px-4 pt-5 pb-4 text-left sm:px-6 sm:pt-6">
        <DialogTitle className="pr-8">Create New Appointment</DialogTitle>
        <DialogDescription className="sr-only">
          Step {step} of {WIZARD_STEPS.length}: {title}
        </DialogDescription>
        <StepIndicator current={step} />
      </DialogHeader>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">
        <h3 ref={headingRef} tabIndex={-1} className="mb-4 text-base font-semibold outline-none">
          {title}
        </h3>
        {step === 1 && (
          <PatientStep
            state={state}
            dispatch={dispatch}
            clinics={clinics.data}
            clinicsError={clinics.isError ? clinics.error.message : null}
          />
        )}
        {pickerShown && form.clinic !== '' && (
          <div hidden={step !== 2} className="space-y-4">
            <ServiceChoice
              services={services}
              chosen={service}
              onChange={(next) => dispatch({ type: 'setService', serviceId: next })}
            />
            <TimeSlotPicker
              key={form.clinic}
              clinicSlug={form.clinic}
              value={slot}
              onChange={(next) => dispatch({ type: 'setSlot', slot: next })}
              defaultDate={defaultDate}
              defaultAgentId={defaultAgentId}
              service={service}
            />
          </div>
        )}
        {step === 3 && (
          <div className="grid gap-5">
            <SettingsStep
              state={state}
              dispatch={dispatch}
              clinicName={clinicName}
              timeZone={timeZone}
              serviceName={serviceId ? service?.name : undefined}
              roomName={roomName}
            />
            {slot && (
              <RepeatSection
                settings={repeat}
                onChange={setRepeat}
                firstDate={firstDate}
                preview={rule ? preview.data : undefined}
                previewError={rule && preview.isError ? preview.error.message : null}
                previewLoading={rule !== null && preview.isPending}
              />
            )}
            {outsideBusyNow && !repeating && (
              <OutsideBusyAlert
                message={outsideBusyNow}
                pending={create.isPending}
                onBookAnyway={bookAnyway}
              />
            )}
          </div>
        )}
      </div>
      <WizardFooter
        step={step}
        canGoNext={canGoNext(state)}
        canCreate={ready}
        pending={pending}
        onBack={() => dispatch({ type: 'back' })}
        onNext={() => dispatch({ type: 'next' })}
        onCreate={submit}
      />
    </>
  );
}

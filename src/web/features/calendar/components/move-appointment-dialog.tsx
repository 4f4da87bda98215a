import { useState } from 'react';
import type { Appointment } from '@contracts/appointments';
import { localDateKeyOf } from '@domain/zoned-time';
import { CurrentTimeLines } from '@web/components/current-time-lines';
import { DialogFrame, DialogHeading, SaveOrCancel } from '@web/components/dialog-frame';
import { TimeSlotPicker, type TimeSlot } from '@web/features/slots/components/time-slot-picker';
import { serviceOf, useClinicServices } from '@web/queries/services';
import { useMoveAppointment } from '../api/move-appointment';

function MoveForm({
  appointment,
  timeZone,
  onDone,
}: {
  appointment: Appointment;
  timeZone: string;
  onDone: () => void;
}) {
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const move = useMoveAppointment();
  // Its service's free times: its buffers kept, as the server will keep them (ADR 044).
  const services = useClinicServices(appointment.patient.clinic);

  function save() {
    if (!slot) return;
    move.mutate(
      {
        appointment,
        start: new Date(slot.startTime),
        staff: { id: slot.agentId, name: slot.agentName, email: slot.agentEmail },
        duration: slot.durationMinutes || appointment.duration,
      },
      { onSuccess: onDone },
    );
  }

  return (
    <>
      <DialogHeading
        title="Reschedule Appointment"
        descriptionAsChild
        description={
          <CurrentTimeLines
            date={appointment.date}
            timeZone={timeZone}
            providerName={appointment.staff.name}
          />
        }
      />
      <TimeSlotPicker
        clinicSlug={appointment.patient.clinic}
        value={slot}
        onChange={setSlot}
        agentIds={[appointment.staff.id]}
        defaultAgentId={appointment.staff.id}
        defaultDate={localDateKeyOf(new Date(appointment.date), timeZone)}
        timezone={timeZone}
        durationMinutes={appointment.duration}
        service={serviceOf(services.data, appointment.serviceId)}
        excludeAppointmentId={appointment._id}
        current={{
          start: appointment.date,
          agentId: appointment.staff.id,
          durationMinutes: appointment.duration,
        }}
      />
      <SaveOrCancel onCancel={onDone} onSave={save} ready={!!slot} pending={move.isPending} />
    </>
  );
}

/**
 * The keyboard way to reschedule from the calendar ("M" on an appointment, or Move… in the list):
 * the shared slot picker offers only times the provider really has free.
 */
export function MoveAppointmentDialog({
  appointment,
  timeZone,
  onOpenChange,
}: {
  appointment: Appointment | null;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogFrame open={appointment !== null} onOpenChange={onOpenChange} className="sm:max-w-2xl">
      {appointment && (
        <MoveForm
          appointment={appointment}
          timeZone={timeZone}
          onDone={() => onOpenChange(false)}
        />
      )}
    </DialogFrame>
  );
}

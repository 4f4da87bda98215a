import { useState } from 'react';
import type { AvailabilityResponse } from '@contracts/availability';
import type { TimeSlot } from '@domain/slots';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { TimeSlotPicker } from '@web/features/slots/components/time-slot-picker';
import { SectionTitle } from './section-title';

/**
 * What the booking screens will offer for this agent: the shared picker on the saved schedule,
 * after existing appointments. Schedules belong to the agent, not the clinic, so any clinic the
 * viewer shares with the agent gives the same times.
 */
export function BookableTimes({ availability }: { availability: AvailabilityResponse }) {
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const clinic = availability.clinics[0];
  return (
    <Card>
      <CardHeader>
        <SectionTitle>Bookable times</SectionTitle>
        <CardDescription>
          What booking offers from the saved schedule, leaving out times already booked.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {clinic ? (
          <TimeSlotPicker
            clinicSlug={clinic.slug}
            agentIds={[availability.agent.id]}
            defaultAgentId={availability.agent.id}
            value={slot}
            onChange={setSlot}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            {availability.agent.name} is not in any of your clinics, so there is nothing to book.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { uuidParam } from '@contracts/common';
import { personName } from '@domain/person-name';
import { CreateAppointmentButton } from '@web/features/appointments/components/create/create-appointment-button';
import { AppointmentDetailsDialog } from '@web/features/appointments/components/details/appointment-details-dialog';
import { PatientNotFound } from '@web/features/patients/components/patient-not-found';
import { PatientProfilePage } from '@web/features/patients/components/patient-profile-page';
import { patientKeys } from '@web/queries/query-keys';

/**
 * /patients/:id: the patient's profile with the appointments feature's booking dialog and
 * appointment details on top. Features do not import each other (ADR 002): the app composes them.
 */
export function PatientProfileRoute() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  // An id that cannot be one (a mistyped address) is a patient that is not there.
  if (!uuidParam.safeParse(id).success) return <PatientNotFound />;
  return (
    <PatientProfilePage
      key={id}
      id={id}
      renderBookButton={(patient) =>
        // The booking dialog finds its patient by e-mail (the product's create shape).
        patient.email && (
          <CreateAppointmentButton
            label="Book for this patient"
            defaultPatient={{
              clinic: patient.clinic.slug,
              email: patient.email,
              name: personName(patient),
              id: patient.id,
              dob: patient.dob,
              phone: patient.phone,
            }}
            // The new visit shows among the patient's upcoming ones.
            onCreated={() => void queryClient.invalidateQueries({ queryKey: patientKeys.all })}
          />
        )
      }
      renderVisitDetails={(appointmentId, onClose) => (
        <AppointmentDetailsDialog id={appointmentId} onClose={onClose} />
      )}
    />
  );
}

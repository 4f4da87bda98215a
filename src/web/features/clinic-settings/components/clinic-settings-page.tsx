import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { NoClinicYet } from '@web/components/clinic-choice';
import { PageHeader } from '@web/components/page-header';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { clinicsQueryOptions } from '@web/queries/clinics';
import { clinicPolicyQueryOptions } from '../api/clinic-policy';
import { ReminderPolicyForm } from './reminder-policy-form';
import { SelfServicePolicyForm } from './self-service-policy-form';
import { WaitlistPolicyForm } from './waitlist-policy-form';
import { OnlineBookingPolicyForm } from './online-booking-policy-form';
import { PatientRecordsPolicyForm } from './patient-records-policy-form';
import { ReportsPolicyForm } from './reports-policy-form';
import { OutsideCalendarsPolicyForm } from './outside-calendars-policy-form';
import { SignInPolicyForm } from './sign-in-policy-form';
import { TextPolicyForm } from './text-policy-form';
import { PatientLanguageForm } from './patient-language-form';
import { MailPreview } from './mail-preview';
import { readableTimeZone } from '@web/lib/time-zones';
import { Button } from '@web/components/ui/button';
import { AddClinicDialog } from './add-clinic-dialog';

/** The sections under the reminders, in page order, each saving its own part of the policy. */
const POLICY_SECTIONS = [
  SelfServicePolicyForm,
  WaitlistPolicyForm,
  OnlineBookingPolicyForm,
  PatientRecordsPolicyForm,
  ReportsPolicyForm,
  SignInPolicyForm,
  TextPolicyForm,
];

function PolicyCard({ className, children }: { className: string; children: ReactNode }) {
  return (
    <Card className={className}>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** /admin/clinics: the admin's clinics, each with its own settings. */
export function ClinicsPage() {
  const clinics = useQuery(clinicsQueryOptions);
  const [adding, setAdding] = useState(false);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Clinics"
        description="Each clinic’s own rules for its patients."
        actions={
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            Add clinic
          </Button>
        }
      />
      <AddClinicDialog open={adding} onOpenChange={setAdding} />
      {clinics.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : clinics.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {clinics.error.message}
        </p>
      ) : clinics.data.length === 0 ? (
        <NoClinicYet>
          Add your clinic with its time zone and phone number; then add its staff and their hours.
        </NoClinicYet>
      ) : (
        <ul className="grid gap-2">
          {clinics.data.map((clinic) => (
            <li key={clinic.id}>
              <Link
                to={`/admin/clinics/${clinic.slug}`}
                className="flex items-center justify-between rounded-xl border bg-card p-4 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="font-medium">{clinic.name}</span>
                <span className="text-sm text-muted-foreground">
                  {readableTimeZone(clinic.timezone)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /admin/clinics/:slug: one clinic's settings, edited by its admins. */
export function ClinicSettingsPage() {
  const { slug = '' } = useParams();
  const policy = useQuery(clinicPolicyQueryOptions(slug));
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={policy.data ? policy.data.clinic.name : 'Clinic settings'}
        description={
          policy.data
            ? `Clinic settings · times in ${readableTimeZone(policy.data.clinic.timezone)}`
            : undefined
        }
      />
      <p className="mb-4 text-sm text-muted-foreground">
        What this clinic books, with each service’s lengths and buffers, is set under{' '}
        <Link
          to={`/admin/services?clinic=${encodeURIComponent(slug)}`}
          className="font-medium text-foreground underline underline-offset-4"
        >
          Services
        </Link>
        .
      </p>
      <Card>
        <CardContent>
          {policy.isPending ? (
            <div className="grid gap-3" aria-busy="true" aria-label="Loading settings">
              <Skeleton className="h-6 w-40" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          ) : policy.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {policy.error.message}
            </p>
          ) : (
            <ReminderPolicyForm key={slug} slug={slug} current={policy.data} />
          )}
        </CardContent>
      </Card>
      {policy.data && (
        <>
          {POLICY_SECTIONS.map((Section, index) => (
            <PolicyCard key={index} className={index === 0 ? 'mt-6' : 'mt-4'}>
              <Section key={slug} slug={slug} current={policy.data} />
            </PolicyCard>
          ))}
          <PolicyCard className="mt-4">
            <PatientLanguageForm key={slug} slug={slug} current={policy.data} />
            <MailPreview
              key={`${slug}-mail`}
              slug={slug}
              initialLanguage={policy.data.policy.patientLanguage?.defaultLanguage}
            />
          </PolicyCard>
          <PolicyCard className="mt-4">
            <OutsideCalendarsPolicyForm key={slug} slug={slug} current={policy.data} />
          </PolicyCard>
        </>
      )}
    </div>
  );
}

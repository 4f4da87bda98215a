import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSeriesBody, SeriesCreated, SeriesPreview } from '@contracts/series';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery } from '@web/lib/endpoint-queries';
import { buildCreateAppointmentBody, type CreateAppointmentInput } from './create-appointment';
import { appointmentKeys, refreshAppointmentData } from '@web/queries/query-keys';
import { createSeriesRoute, getSeriesOfAppointmentRoute } from '@contracts/routes/series';

export type { SeriesCreated, SeriesPreview };

export interface SeriesInput extends CreateAppointmentInput {
  rrule: string;
  skip: string[];
}

export function buildSeriesBody(input: SeriesInput): CreateSeriesBody {
  const base = buildCreateAppointmentBody(input);
  return {
    ...base,
    recurrence: { rrule: input.rrule, dtstart: base.date },
    ...(input.skip.length ? { skip: input.skip } : {}),
  };
}

/** The dry run: every occurrence with whether it is free, taken, outside hours or time off. */
export function seriesPreviewQueryOptions(input: SeriesInput | null) {
  const body = input ? buildSeriesBody({ ...input, skip: [] }) : null;
  return queryOptions({
    queryKey: appointmentKeys.seriesPreview(body),
    queryFn: async ({ signal }) =>
      (await callEndpoint(createSeriesRoute, {
        body: body!,
        query: { preview: true },
        signal,
        fallback: 'Failed to preview the series',
      })) as SeriesPreview,
    enabled: body !== null,
    staleTime: 0,
  });
}

export function useCreateSeries(
  idempotencyKey: string,
  callbacks: { onSuccess?: (created: SeriesCreated) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SeriesInput) =>
      (await callEndpoint(createSeriesRoute, {
        body: buildSeriesBody(input),
        query: {},
        headers: { 'idempotency-key': idempotencyKey },
        fallback: 'Failed to create appointments',
      })) as SeriesCreated,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => {
      void refreshAppointmentData(queryClient);
    },
  });
}

/** The series an appointment is part of, or null; read with the details. */
export function seriesOfAppointmentQueryOptions(appointmentId: string) {
  return endpointQuery(appointmentKeys.seriesOf(appointmentId), getSeriesOfAppointmentRoute, {
    params: { id: appointmentId },
    fallback: 'Failed to load the series',
  });
}

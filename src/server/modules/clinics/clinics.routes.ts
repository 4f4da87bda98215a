import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentsResponse,
  clinicPaths,
  clinicsResponse,
  createPatientBody,
  patientSearchQuery,
  patientSearchResponse,
  patientView,
  slotsQuery,
  slotsResponse,
  slugParams,
} from '@contracts/clinics';
import type { AppDeps } from '../../app-deps';
import * as clinics from './clinics.service';

export function clinicsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      clinicPaths.list,
      { schema: { response: { 200: clinicsResponse } }, config: { access: 'authenticated' } },
      async (request) => clinics.listMyClinics(deps, request.auth!),
    );

    app.get(
      clinicPaths.nurses,
      {
        schema: { params: slugParams, response: { 200: agentsResponse } },
        config: { access: 'authenticated' },
      },
      async (request) => clinics.listClinicAgents(deps, request.auth!, request.params.slug),
    );

    app.get(
      clinicPaths.patientSearch,
      {
        schema: { querystring: patientSearchQuery, response: { 200: patientSearchResponse } },
        config: { access: 'authenticated' },
      },
      async (request, reply) => {
        const ctx = { user: request.auth!, ip: request.ip };
        const text = await clinics.searchPatients(deps, ctx, request.query);
        // Already the response's JSON (a test parses it with the contract); see the list route.
        return reply.type('application/json; charset=utf-8').send(text as never);
      },
    );

    app.post(
      clinicPaths.patients,
      {
        schema: { params: slugParams, body: createPatientBody, response: { 201: patientView } },
        config: { access: 'authenticated' },
      },
      async (request, reply) => {
        const patient = await clinics.createPatient(
          deps,
          { user: request.auth!, ip: request.ip },
          request.params.slug,
          request.body,
        );
        return reply.status(201).send(patient);
      },
    );

    app.get(
      clinicPaths.slots,
      {
        schema: { params: slugParams, querystring: slotsQuery, response: { 200: slotsResponse } },
        config: { access: 'authenticated' },
      },
      async (request) =>
        clinics.clinicSlots(deps, request.auth!, request.params.slug, request.query),
    );
  };
}

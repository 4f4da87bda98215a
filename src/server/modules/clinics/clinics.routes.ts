import type { FastifyPluginAsync } from 'fastify';
import {
  createPatientEndpoint,
  listClinicAgentsEndpoint,
  listClinicsEndpoint,
  listSlotsEndpoint,
  searchPatientsEndpoint,
} from '@contracts/clinics';
import {
  createClinicEndpoint,
  getClinicPolicyEndpoint,
  getMailPreviewsEndpoint,
  updateClinicPolicyEndpoint,
} from '@contracts/clinic-policy';
import type { AppDeps } from '../../app-deps';
import { sendJsonText } from '../../core/json-text';
import { route } from '../../core/route';
import * as policy from './clinic-policy.service';
import * as clinics from './clinics.service';
import { createClinic } from './create-clinic';

export function clinicsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, listClinicsEndpoint, async (request) =>
      clinics.listMyClinics(deps, request.context),
    );

    route(app, listClinicAgentsEndpoint, async (request) =>
      clinics.listClinicAgents(deps, request.context, request.params.slug),
    );

    route(app, searchPatientsEndpoint, async (request, reply) => {
      const text = await clinics.searchPatients(deps, request.context, request.query);
      // Already the response's JSON (a test parses it with the contract); see the list route.
      return reply.type('application/json; charset=utf-8').send(text);
    });

    route(app, createPatientEndpoint, async (request, reply) => {
      const { slug } = request.params;
      const patient = await clinics.createPatient(deps, request.context, slug, request.body);
      return reply.status(201).send(patient);
    });

    route(app, createClinicEndpoint, async (request, reply) =>
      reply.status(201).send(await createClinic(deps, request.context, request.body)),
    );

    route(app, getClinicPolicyEndpoint, async (request) =>
      policy.getClinicPolicy(deps, request.context, request.params.slug),
    );

    route(app, getMailPreviewsEndpoint, async (request) =>
      policy.getMailPreviews(deps, request.context, request.params.slug, request.query.language),
    );

    route(app, updateClinicPolicyEndpoint, async (request) =>
      policy.updateClinicPolicy(deps, request.context, request.params.slug, request.body),
    );

    route(app, listSlotsEndpoint, async (request, reply) => {
      const answer = await clinics.clinicSlots(
        deps,
        request.context,
        request.params.slug,
        request.query,
      );
      // Sent as JSON text: the engine builds the slots from plain strings and numbers, and the
      // contract's serializer would check each one again, a cost that grows with a day's slots
      // (a test parses the answer with the contract). A reused answer reuses its text.
      return sendJsonText(reply, answer);
    });
  };
}

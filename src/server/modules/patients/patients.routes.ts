import type { FastifyPluginAsync } from 'fastify';
import {
  addPatientNoteEndpoint,
  getPatientEndpoint,
  listPatientsEndpoint,
  updatePatientEndpoint,
} from '@contracts/patients';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { listPatients } from './list-patients';
import { addPatientNote } from './patient-notes';
import { getPatientProfile } from './patient-profile';
import { updatePatient } from './update-patient';

export function patientsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, listPatientsEndpoint, async (request) =>
      listPatients(deps, request.context, request.query),
    );
    route(app, getPatientEndpoint, async (request) =>
      getPatientProfile(deps, request.context, request.params.id),
    );
    route(app, updatePatientEndpoint, async (request) =>
      updatePatient(deps, request.context, request.params.id, request.body),
    );
    route(app, addPatientNoteEndpoint, async (request, reply) =>
      reply
        .code(201)
        .send(await addPatientNote(deps, request.context, request.params.id, request.body.text)),
    );
  };
}

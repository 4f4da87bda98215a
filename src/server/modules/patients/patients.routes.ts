import type { FastifyPluginAsync } from 'fastify';
import {
  addPatientNoteEndpoint,
  erasePatientEndpoint,
  exportPatientsEndpoint,
  getPatientEndpoint,
  listPatientsEndpoint,
  updatePatientEndpoint,
} from '@contracts/patients';
import type { AppDeps } from '../../app-deps';
import { sendCsvFile } from '../../core/csv-file';
import { route } from '../../core/route';
import { requireFreshSecondFactor } from '../auth';
import { erasePatient } from './erase-patient';
import { exportPatientsCsv } from './export-patients';
import { listPatients } from './list-patients';
import { addPatientNote } from './patient-notes';
import { registerPatientMergeRoutes } from './patient-merge.routes';
import { getPatientProfile } from './patient-profile';
import { updatePatient } from './update-patient';
import { patientImportRoutes } from './patient-import.routes';

export function patientsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(patientImportRoutes(deps));
    route(app, listPatientsEndpoint, async (request) =>
      listPatients(deps, request.context, request.query),
    );
    route(app, exportPatientsEndpoint, async (request, reply) => {
      await requireFreshSecondFactor(deps, request.context);
      return sendCsvFile(reply, await exportPatientsCsv(deps, request.context, request.query));
    });
    route(app, getPatientEndpoint, async (request) =>
      getPatientProfile(deps, request.context, request.params.id),
    );
    route(app, updatePatientEndpoint, async (request) =>
      updatePatient(deps, request.context, request.params.id, request.body),
    );
    route(app, erasePatientEndpoint, async (request) => {
      await requireFreshSecondFactor(deps, request.context);
      return erasePatient(deps, request.context, request.params.id, request.body);
    });
    route(app, addPatientNoteEndpoint, async (request, reply) =>
      reply
        .code(201)
        .send(await addPatientNote(deps, request.context, request.params.id, request.body.text)),
    );
    registerPatientMergeRoutes(app, deps);
  };
}

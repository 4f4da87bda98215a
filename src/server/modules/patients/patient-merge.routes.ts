import type { FastifyInstance } from 'fastify';
import {
  dismissDuplicateEndpoint,
  getPatientDuplicatesEndpoint,
  listDuplicatePatientsEndpoint,
  mergePatientsEndpoint,
} from '@contracts/patient-merge';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { dismissDuplicate } from './dismiss-duplicate';
import { getPatientDuplicates, listDuplicatePairs } from './find-duplicates';
import { mergePatients } from './merge-patients';

/** Likely duplicates, merging and "not a duplicate" (ADR 042). */
export function registerPatientMergeRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, listDuplicatePatientsEndpoint, async (request) =>
    listDuplicatePairs(deps, request.context, request.query),
  );
  route(app, getPatientDuplicatesEndpoint, async (request) =>
    getPatientDuplicates(deps, request.context, request.params.id),
  );
  route(app, mergePatientsEndpoint, async (request) =>
    mergePatients(deps, request.context, request.params.id, request.body),
  );
  route(app, dismissDuplicateEndpoint, async (request) =>
    dismissDuplicate(deps, request.context, request.params.id, request.body.otherId),
  );
}

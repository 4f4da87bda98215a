import type { FastifyError, FastifyPluginAsync } from 'fastify';
import {
  applyPatientImportEndpoint,
  checkPatientImportEndpoint,
  getPatientImportEndpoint,
  listPatientImportRowsEndpoint,
  PATIENT_IMPORT_CONTENT_TYPES,
  PATIENT_IMPORT_MAX_BYTES,
  PATIENT_IMPORT_TOO_LARGE,
  uploadPatientImportEndpoint,
} from '@contracts/patient-import';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { HttpError } from '../../errors';
import { applyPatientImport, type ApplyRunner } from './apply-patient-import';
import { checkPatientImport } from './check-patient-import';
import { listPatientImportRows } from './list-patient-import-rows';
import { getPatientImport } from './patient-import-view';
import { uploadPatientImport } from './upload-patient-import';

/**
 * The CSV import's routes (ADR 043), in their own scope: only here does a body arrive as a file
 * (a CSV type, up to 50 MB) rather than JSON, and only here are the framework's refusals of such
 * a body worded for a person choosing a file.
 */
export function patientImportRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      [...PATIENT_IMPORT_CONTENT_TYPES],
      { parseAs: 'buffer', bodyLimit: PATIENT_IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.setErrorHandler((err: FastifyError) => {
      // Thrown on, the app's own error handler answers; only the words change.
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new HttpError(413, 'payload_too_large', PATIENT_IMPORT_TOO_LARGE);
      }
      if (
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
        err.code === 'FST_ERR_CTP_INVALID_TYPE'
      ) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send the CSV file itself as the request body, with the type text/csv.',
        );
      }
      throw err;
    });

    const running = new Set<Promise<void>>();
    let stopping = false;
    const runner: ApplyRunner = {
      get stopping() {
        return stopping;
      },
      run(work) {
        const job = work().finally(() => running.delete(job));
        running.add(job);
      },
    };
    app.addHook('onClose', async () => {
      stopping = true;
      await Promise.allSettled([...running]);
    });

    route(app, uploadPatientImportEndpoint, async (request, reply) =>
      reply
        .code(201)
        .send(await uploadPatientImport(deps, request.context, request.query, request.body)),
    );
    route(app, getPatientImportEndpoint, async (request) =>
      getPatientImport(deps, request.context, request.params.id),
    );
    route(app, checkPatientImportEndpoint, async (request) =>
      checkPatientImport(deps, request.context, request.params.id, request.body),
    );
    route(app, listPatientImportRowsEndpoint, async (request) =>
      listPatientImportRows(deps, request.context, request.params.id, request.query),
    );
    route(app, applyPatientImportEndpoint, async (request, reply) =>
      reply
        .code(202)
        .send(await applyPatientImport(deps, request.context, request.params.id, runner)),
    );
  };
}

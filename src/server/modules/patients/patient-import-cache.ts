import type { PatientFile } from './patient-import-file';

/**
 * The last few files this instance read, by import id: the upload reads a file, its dry run
 * comes seconds later and its apply after that, and reading 100,000 rows of CSV again costs
 * seconds each time (ADR 043). Only a cache: another instance, or this one after a restart,
 * reads the stored bytes again.
 */
const files = new Map<string, PatientFile>();
const KEPT = 2;

export function rememberFile(id: string, file: PatientFile): void {
  files.delete(id);
  files.set(id, file);
  while (files.size > KEPT) files.delete(files.keys().next().value!);
}

export function recallFile(id: string): PatientFile | undefined {
  return files.get(id);
}

export function forgetFile(id: string): void {
  files.delete(id);
}

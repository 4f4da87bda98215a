import type { CreateClinicBody, CreatedClinic } from '@contracts/clinic-policy';
import { clinicSlugCandidates } from '@domain/clinic-slug';
import { textCountryOfZone } from '@domain/text-country';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { recordAudit } from '../audit';
import { addClinicMember, insertClinic } from './clinics.repository';

/**
 * A clinic added by an admin, who becomes its admin: a new installation's first step after its
 * first admin account. Its slug (the public pages' address) comes from its name.
 */
export async function createClinic(
  deps: AppDeps,
  { user, ip }: RequestContext,
  body: CreateClinicBody,
): Promise<CreatedClinic> {
  return deps.db.db.transaction(async (tx) => {
    const row = await insertClinic(tx, clinicSlugCandidates(body.name), {
      name: body.name,
      timezone: body.timezone,
      phone: body.phone,
      address: body.address ?? null,
      // Numbers written without a country code are read where the clinic is (issue 44).
      textCountry: textCountryOfZone(body.timezone),
    });
    if (!row) {
      throw conflict('Clinics with this name already exist. Give the new clinic another name.');
    }
    await addClinicMember(tx, row.id, user.id);
    await recordAudit(
      tx,
      { userId: user.id, ip },
      [{ action: 'create', entityType: 'clinic', entityId: row.id, patientId: null }],
      deps.now(),
    );
    return { ...row, phone: row.phone ?? body.phone };
  });
}

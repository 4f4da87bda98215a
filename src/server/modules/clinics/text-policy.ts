// How a clinic texts its patients (ADR 050): checked with the phone-number library the texts use,
// and audited, since the sending number decides whose replies are whose.
import type { ClinicPolicy } from '@contracts/clinic-policy';
import { isTextCountry, toE164 } from '@domain/phone-numbers';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../core/request-context';
import { badRequest } from '../../errors';
import { auditClinicChanges } from './clinic-audit';
import { setTextPolicy } from './clinics.repository';

export interface TextPolicy {
  quietHoursStart: string;
  quietHoursEnd: string;
  country: string;
  sendingNumber: string | null;
}

function refused(field: string, message: string): never {
  throw badRequest(message, { details: message, fields: [{ field: `texts.${field}`, message }] });
}

/** The policy as it will be kept: a country the library knows, the number in E.164. */
export function checkTextPolicy(policy: NonNullable<ClinicPolicy['texts']>): TextPolicy {
  if (!isTextCountry(policy.country)) {
    refused(
      'country',
      `${policy.country} is not a country code we know. Use one such as US, CA or ES.`,
    );
  }
  let sendingNumber: string | null = null;
  if (policy.sendingNumber) {
    sendingNumber = toE164(policy.sendingNumber, policy.country);
    if (!sendingNumber) {
      refused(
        'sendingNumber',
        `${policy.sendingNumber} is not a phone number texts can come from. Write it with its country code, such as +1 212 555 0100.`,
      );
    }
  }
  return { ...policy, sendingNumber };
}

/** Saves the texting policy and audits what changed; nothing is written when nothing changed. */
export async function saveTextPolicy(
  tx: Executor,
  ctx: RequestContext,
  clinicId: string,
  before: TextPolicy,
  after: TextPolicy,
  at: Date,
) {
  const changes = (Object.keys(after) as Array<keyof TextPolicy>)
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field: `texts.${field}`, from: before[field], to: after[field] }));
  if (changes.length === 0) return;
  await setTextPolicy(tx, clinicId, after);
  await auditClinicChanges(tx, ctx, clinicId, changes, at);
}

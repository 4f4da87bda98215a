import { emailDomainOf, mapGroups } from '@domain/sso-groups';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { recordAudit } from '../audit';
import { groupMappingsOf } from './providers.service';
import { SsoRefusal } from './refusal';
import * as repo from './sso.repository';

export interface VerifiedPerson {
  subject: string;
  email: string;
  name: string;
  groups: string[];
}

/**
 * The account an identity provider's verified person signs in to (ADR 048):
 * - their link (provider and subject) if they have one; an account with no password, which the
 *   provider made or manages alone, takes its role and clinics from their groups each time;
 * - else the account of the same e-mail, linked now, where the provider may link (and the
 *   address is of one of its domains, and the account belongs to none but its clinics);
 * - else a new account, where the provider may create them, with the role and clinics their
 *   groups give; no group matched, no account.
 */
export async function accountFor(
  deps: AppDeps,
  tx: Executor,
  provider: repo.ProviderRow,
  person: VerifiedPerson,
  ip: string,
) {
  const now = deps.now();
  const mapped = mapGroups(groupMappingsOf(provider.groupMappings), person.groups);
  const linked = await repo.findIdentity(tx, provider.id, person.subject);
  if (linked) {
    const { user } = linked;
    if (!user.active) throw new SsoRefusal('inactive');
    if (user.passwordHash === null) {
      if (!mapped) throw new SsoRefusal('no_group', 'no group of theirs is mapped any more');
      if (mapped.role !== user.role) await repo.setRole(tx, user.id, mapped.role, now);
      await repo.setMembershipsWithin(tx, user.id, mapped.clinicIds, provider.clinicIds);
    }
    await repo.touchIdentity(tx, provider.id, person.subject, now);
    return user;
  }

  const domainServed = provider.emailDomains.includes(emailDomainOf(person.email));
  const existing = await repo.findUserByEmail(tx, person.email);
  if (existing) {
    if (!provider.linkByEmail || !domainServed) {
      throw new SsoRefusal('not_allowed', 'the provider may not link existing accounts');
    }
    const clinics = await repo.clinicIdsOfUser(tx, existing.id);
    // Linked, the provider could sign in as them: to clinics it does not serve, it may not.
    if (clinics.some((c) => !provider.clinicIds.includes(c))) {
      throw new SsoRefusal(
        'not_allowed',
        'the account belongs to clinics the provider does not serve',
      );
    }
    if (await repo.hasIdentityAt(tx, provider.id, existing.id)) {
      throw new SsoRefusal('not_allowed', 'the account is linked to another subject');
    }
    if (!existing.active) throw new SsoRefusal('inactive');
    await link(tx, provider, person, existing.id, now, ip, existing.id);
    return existing;
  }

  if (!provider.createUsers || !domainServed) {
    throw new SsoRefusal('not_allowed', 'the provider may not create accounts');
  }
  if (!mapped) throw new SsoRefusal('no_group', 'no group of theirs is mapped');
  const user = await repo.insertUser(tx, {
    email: person.email,
    name: person.name,
    role: mapped.role,
    passwordHash: null,
    createdAt: now,
    updatedAt: now,
  });
  await repo.setMembershipsWithin(tx, user.id, mapped.clinicIds, provider.clinicIds);
  await recordAudit(
    tx,
    { userId: null, ip },
    [
      {
        action: 'create',
        entityType: 'user',
        entityId: user.id,
        patientId: null,
        details: {
          via: 'single sign-on',
          identityProviderId: provider.id,
          role: mapped.role,
          clinicIds: mapped.clinicIds,
        },
      },
    ],
    now,
  );
  await link(tx, provider, person, user.id, now, ip, user.id);
  return user;
}

async function link(
  tx: Executor,
  provider: repo.ProviderRow,
  person: VerifiedPerson,
  userId: string,
  now: Date,
  ip: string,
  actor: string,
) {
  await repo.insertIdentity(tx, {
    providerId: provider.id,
    subject: person.subject,
    userId,
    email: person.email,
    linkedAt: now,
    lastSignInAt: now,
  });
  await recordAudit(
    tx,
    { userId: actor, ip },
    [
      {
        action: 'sso_link',
        entityType: 'user',
        entityId: userId,
        patientId: null,
        details: {
          identityProviderId: provider.id,
          identityProvider: provider.name,
          subject: person.subject,
          email: person.email,
        },
      },
    ],
    now,
  );
}

// `npm run user:create -- --email you@clinic.org --role admin [--name "…"] [--clinic slug]...
// [--password …]` creates a staff account on the configured database (DATABASE_URL or the embedded
// one). Without --password a strong one is generated and printed once.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { emailField } from '@contracts/common';
import { newPasswordField, roleSchema } from '@contracts/auth';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { runMigrations } from '../db/migrate';
import * as t from '../db/schema';
import { hashPassword } from '../security/password';
import { passwordRefusal } from '../security/password-policy';
import { isDuplicate } from '../db/errors';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    name: { type: 'string' },
    clinic: { type: 'string', multiple: true, default: [] },
    password: { type: 'string' },
    timezone: { type: 'string' },
  },
});

const input = z
  .object({
    email: emailField,
    role: roleSchema,
    name: z.string().trim().min(1).max(120).optional(),
    password: newPasswordField.optional(),
  })
  .safeParse(values);
if (!input.success) {
  console.error(
    `Cannot create the user:\n${input.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`).join('\n')}`,
  );
  console.error(
    'Usage: npm run user:create -- --email you@clinic.org --role admin [--name "Full Name"] [--clinic slug]',
  );
  process.exit(2);
}
const name = input.data.name ?? input.data.email.split('@')[0]!;
const chosenRefusal =
  input.data.password && passwordRefusal(input.data.password, { email: input.data.email, name });
if (chosenRefusal) {
  console.error(`Cannot create the user:\n  --password: ${chosenRefusal}`);
  process.exit(2);
}

/** 96 random bits: the policy passes it all but always; drawing again covers the rare miss. */
function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(12).toString('base64url');
    if (!passwordRefusal(candidate, { email: input.data!.email, name })) return candidate;
  }
}

const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  await runMigrations(db);
  const password = input.data.password ?? generatePassword();
  const clinicSlugs = values.clinic ?? [];
  const clinics = clinicSlugs.length
    ? await db.db.select().from(t.clinics).where(inArray(t.clinics.slug, clinicSlugs))
    : input.data.role === 'admin'
      ? await db.db.select().from(t.clinics)
      : [];
  const missing = clinicSlugs.filter((s) => !clinics.some((c) => c.slug === s));
  if (missing.length) throw new Error(`No clinic with slug ${missing.join(', ')}`);
  // Its clinics are known only now: a chosen password must not carry their names either.
  const clinicRefusal =
    input.data.password &&
    passwordRefusal(input.data.password, {
      email: input.data.email,
      name,
      clinicNames: clinics.map((c) => c.name),
    });
  if (clinicRefusal) throw new Error(`--password: ${clinicRefusal}`);
  const passwordHash = await hashPassword(password);
  const user = await db.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.users)
      .values({
        email: input.data.email,
        name,
        role: input.data.role,
        timezone: values.timezone ?? null,
        passwordHash,
      })
      .returning();
    if (clinics.length) {
      await tx
        .insert(t.clinicMembers)
        .values(clinics.map((c) => ({ userId: row!.id, clinicId: c.id })));
    }
    return row!;
  });
  console.log(`Created ${user.role} ${user.email} (${user.id}) in ${clinics.length} clinic(s).`);
  if (!input.data.password) console.log(`Password (shown once): ${password}`);
} catch (err) {
  console.error(
    isDuplicate(err)
      ? 'A user with that email already exists.'
      : `Cannot create the user: ${(err as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await db.close();
}

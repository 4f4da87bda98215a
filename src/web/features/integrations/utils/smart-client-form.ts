import { z } from 'zod';
import { API_TOKEN_NAME_MAX, SMART_SCOPE, smartJwks } from '@contracts/integrations';

/** The register form's fields as typed: scopes one per line or space, keys pasted or at a URL. */
export interface SmartClientFormValues {
  name: string;
  clinicIds: string[];
  scopes: string;
  keys: 'jwks' | 'jwksUrl';
  jwks: string;
  jwksUrl: string;
}

function parsedJwks(text: string) {
  try {
    return smartJwks.safeParse(JSON.parse(text));
  } catch {
    return null;
  }
}

const scopeWords = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * createSmartClientBody's rules in the form's words, all checked at once (so every field's
 * error shows together); the output is the body the server takes.
 */
export const smartClientFormSchema = z
  .object({
    name: z.string(),
    clinicIds: z.array(z.string()),
    scopes: z.string(),
    keys: z.enum(['jwks', 'jwksUrl']),
    jwks: z.string(),
    jwksUrl: z.string(),
  })
  .superRefine((values, ctx) => {
    const issue = (path: keyof SmartClientFormValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const name = values.name.trim();
    if (name === '') issue('name', 'Enter a name, such as the system that will connect.');
    else if (name.length > API_TOKEN_NAME_MAX) {
      issue('name', `The name must be at most ${API_TOKEN_NAME_MAX} characters.`);
    }
    if (values.clinicIds.length === 0) issue('clinicIds', 'Choose at least one clinic.');
    const scopes = scopeWords(values.scopes);
    const wrong = scopes.find((scope) => !SMART_SCOPE.test(scope));
    if (scopes.length === 0)
      issue('scopes', 'Enter at least one scope, such as system/Appointment.rs.');
    else if (wrong)
      issue('scopes', `${wrong} is not a system scope: write it as system/Appointment.rs.`);
    if (values.keys === 'jwks' && !parsedJwks(values.jwks)?.success) {
      issue('jwks', 'Paste the client’s public JWKS: {"keys": [...]}, each key with its kid.');
    }
    if (values.keys === 'jwksUrl' && !/^https?:\/\/\S+$/i.test(values.jwksUrl.trim())) {
      issue('jwksUrl', 'Enter the https address the client publishes its JWKS at.');
    }
  })
  .transform(({ name, clinicIds, scopes, keys, jwks, jwksUrl }) => ({
    name: name.trim(),
    clinicIds,
    scopes: scopeWords(scopes),
    ...(keys === 'jwks' ? { jwks: parsedJwks(jwks)!.data! } : { jwksUrl: jwksUrl.trim() }),
  }));

export type SmartClientFormOutput = z.output<typeof smartClientFormSchema>;

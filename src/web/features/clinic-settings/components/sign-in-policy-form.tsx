import { useId } from 'react';
import type { ClinicPolicyView, SignInPolicy } from '@contracts/clinic-policy';
import type { SecondFactorPolicy } from '@contracts/two-step';
import { Checkbox } from '@web/components/ui/checkbox';
import { PolicySection, sectionState } from './policy-section';
import { usePolicyPartForm } from './use-policy-part-form';

const CHOICES: Array<{ value: SecondFactorPolicy; label: string }> = [
  { value: 'off', label: 'Not required' },
  { value: 'admins', label: 'Required for admins' },
  { value: 'everyone', label: 'Required for everyone' },
];

const DEFAULTS: SignInPolicy = { secondFactor: 'off', passkeySignIn: false };
const toForm = (policy: SignInPolicy | undefined): SignInPolicy => ({ ...DEFAULTS, ...policy });

/** Who at this clinic must sign in with a second factor, and whether passkeys alone may (ADR 046). */
export function SignInPolicyForm({ slug, current }: { slug: string; current: ClinicPolicyView }) {
  const id = useId();
  const { form, save, submit } = usePolicyPartForm(slug, current, 'signIn', {
    toForm,
    saved: 'Sign-in settings saved.',
  });
  return (
    <PolicySection
      title="Sign-in"
      intro={
        <>
          A second factor (a code from an authenticator app, or a passkey) keeps an account safe
          when its password is guessed or stolen. Staff who must have one and have none set it up at
          their next sign-in; anyone signed in now stays signed in.
        </>
      }
      {...sectionState(form, save, submit)}
      saveLabel="Save sign-in settings"
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Second factor</legend>
        {CHOICES.map(({ value, label }) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value={value}
              className="size-4 accent-primary"
              {...form.register('secondFactor')}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1">
        <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-passkey`}>
          <Checkbox id={`${id}-passkey`} {...form.register('passkeySignIn')} />
          Allow passkey sign-in without password
        </label>
      </div>
    </PolicySection>
  );
}

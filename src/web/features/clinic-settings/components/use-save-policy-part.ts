import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { ClinicPolicy, ClinicPolicyView } from '@contracts/clinic-policy';
import { useUpdateClinicPolicy } from '../api/clinic-policy';

type Policy = ClinicPolicyView['policy'];
type Part = Exclude<keyof Policy, 'reminders'>;

/**
 * Saves one section of a clinic's policy with the reminders kept as they are (the contract wants
 * them in every save), then starts the form again from what the server kept and says so.
 */
export function useSavePolicyPart<P extends Part, Values extends FieldValues, Output>(
  slug: string,
  current: ClinicPolicyView,
  part: P,
  form: UseFormReturn<Values, unknown, Output>,
  { toForm, saved }: { toForm: (policy: Policy[P]) => Values; saved: string },
) {
  const save = useUpdateClinicPolicy(slug);
  const submit = form.handleSubmit((value) =>
    save.mutate({ reminders: current.policy.reminders, [part]: value } as ClinicPolicy, {
      onSuccess: (answer) => {
        form.reset(toForm(answer.policy[part]));
        toast.success(saved);
      },
    }),
  );
  return { save, submit };
}

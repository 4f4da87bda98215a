import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import type { ClinicPolicy, ClinicPolicyView } from '@contracts/clinic-policy';
import { useUpdateClinicPolicy } from '../api/clinic-policy';

type Policy = ClinicPolicyView['policy'];
type Part = Exclude<keyof Policy, 'reminders'>;

/**
 * The form of one section of a clinic's policy, started from what the clinic has, and its save:
 * the reminders kept as they are (the contract wants them in every save), then the form started
 * again from what the server kept, and said so.
 */
export function usePolicyPartForm<P extends Part, Values extends FieldValues, Output = Values>(
  slug: string,
  current: ClinicPolicyView,
  part: P,
  {
    resolver,
    toForm,
    saved,
  }: {
    resolver?: Resolver<Values, unknown, Output>;
    toForm: (policy: Policy[P]) => Values;
    saved: string;
  },
) {
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: toForm(current.policy[part]) as DefaultValues<Values>,
  });
  const save = useUpdateClinicPolicy(slug);
  const submit = form.handleSubmit((value) =>
    save.mutate({ reminders: current.policy.reminders, [part]: value } as ClinicPolicy, {
      onSuccess: (answer) => {
        form.reset(toForm(answer.policy[part]));
        toast.success(saved);
      },
    }),
  );
  return { form, save, submit };
}

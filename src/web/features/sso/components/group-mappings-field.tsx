import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { ROLES } from '@domain/roles';
import type { ClinicSummary } from '@contracts/auth';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FieldError } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SELECT_TRIGGER_CLASS } from '@web/components/ui/select-trigger-class';
import { ROLE_LABELS } from '@web/lib/session';
import type { ProviderFormOutput, ProviderFormValues } from '../utils/provider-form';

/**
 * The identity provider's groups and what each gives: a role, and clinics among those the
 * provider serves. The first group a person is in decides their role, in this order.
 */
export function GroupMappingsField({
  control,
  clinics,
  error,
}: {
  control: Control<ProviderFormValues, unknown, ProviderFormOutput>;
  /** The clinics the provider serves, as chosen above. */
  clinics: readonly ClinicSummary[];
  error?: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'groupMappings' });
  const served = useWatch({ control, name: 'clinicIds' });
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? 'sso-groups-error' : undefined}>
      <legend className="mb-1 text-sm leading-none font-medium">Groups</legend>
      <p className="text-xs text-muted-foreground">
        The groups claim of your identity provider, mapped to a role and clinics. A person in
        several groups takes the role of the first one listed, and the clinics of all.
      </p>
      {fields.map((field, index) => (
        <div key={field.id} className="grid gap-2 rounded-md border p-3">
          <div className="grid gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
            <div className="grid gap-1">
              <label htmlFor={`sso-group-${index}`} className="text-sm font-medium">
                Group {index + 1}
              </label>
              <Controller
                control={control}
                name={`groupMappings.${index}.group`}
                render={({ field: input }) => (
                  <Input id={`sso-group-${index}`} autoComplete="off" {...input} />
                )}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={`sso-group-role-${index}`} className="text-sm font-medium">
                Role of group {index + 1}
              </label>
              <Controller
                control={control}
                name={`groupMappings.${index}.role`}
                render={({ field: select }) => (
                  <select
                    id={`sso-group-role-${index}`}
                    className={SELECT_TRIGGER_CLASS}
                    {...select}
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                )}
              />
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Remove group ${index + 1}`}
              onClick={() => remove(index)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
          <Controller
            control={control}
            name={`groupMappings.${index}.clinicIds`}
            render={({ field: boxes }) => (
              <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
                <legend className="sr-only">Clinics of group {index + 1}</legend>
                {clinics
                  .filter((c) => served.includes(c.id))
                  .map((clinic) => (
                    <label key={clinic.id} className="flex items-center gap-2 text-sm">
                      <Checkbox
                        checked={boxes.value.includes(clinic.id)}
                        onChange={(e) =>
                          boxes.onChange(
                            e.target.checked
                              ? [...boxes.value, clinic.id]
                              : boxes.value.filter((id) => id !== clinic.id),
                          )
                        }
                      />
                      {clinic.name}
                    </label>
                  ))}
              </fieldset>
            )}
          />
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => append({ group: '', role: 'staff', clinicIds: [...served] })}
        >
          <PlusIcon aria-hidden="true" />
          Add group
        </Button>
      </div>
      <FieldError id="sso-groups-error" message={error} />
    </fieldset>
  );
}

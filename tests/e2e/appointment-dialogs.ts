import { expect, type Locator, type Page } from '@playwright/test';

/** Opens an appointment's details through ?view= and waits for its heading. */
export async function openDetails(
  page: Page,
  appointment: { _id: string; patient: { name: string } },
) {
  await page.goto(`/appointments?view=${appointment._id}`);
  const dialog = page.getByRole('dialog');
  // The first visit loads the page's code: allow for a busy machine.
  await expect(dialog.getByRole('heading', { name: appointment.patient.name })).toBeVisible({
    timeout: 20_000,
  });
  return dialog;
}

/**
 * Chooses the first free time the picker in `dialog` offers, moving on to the next day with
 * times if need be, and returns it. `times` narrows where the times are looked for.
 */
export async function chooseFirstTime(dialog: Locator, times: Locator = dialog) {
  const first = times.getByRole('radio').first();
  const nextAvailable = dialog.getByRole('button', { name: /^Next available:/ });
  await expect(first.or(nextAvailable)).toBeVisible();
  if (!(await first.isVisible())) await nextAvailable.click();
  await first.click();
  return first;
}

/** Chooses an option of a select in `scope`, again if a tap landed while the list was opening. */
export async function chooseOption(page: Page, scope: Locator, field: string, option: string) {
  await expect(async () => {
    const item = page.getByRole('option', { name: option, exact: true });
    if (!(await item.isVisible())) await scope.getByRole('combobox', { name: field }).click();
    await item.click({ timeout: 2_000 });
    await expect(page.getByRole('listbox')).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(scope.getByRole('combobox', { name: field })).toHaveText(option);
}

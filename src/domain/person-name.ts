/**
 * A patient's name as every screen, message and other system shows it: first and last name with
 * one space between, and nothing around them when either is empty.
 */
export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

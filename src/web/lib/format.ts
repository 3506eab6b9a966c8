export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

// Made on first use (see features/messaging/format.ts): most pages show no money.
let money: Intl.NumberFormat | undefined;

/** Integer cents as the clinic's currency: 5500 is '$55.00'. */
export function formatMoney(cents: number): string {
  money ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return money.format(cents / 100);
}

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents as the clinic's currency: 5500 is '$55.00'. */
export const formatMoney = (cents: number) => money.format(cents / 100);

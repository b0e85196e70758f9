/**
 * A tel: link for a phone number as the admin typed it: its digits, with the
 * US country code added to a 10-digit number.
 */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:${digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith("1") ? `+${digits}` : digits}`;
}

/**
 * The one-line store address split for display on two lines: the street
 * (before the first comma) and the rest ("Naperville, IL 60540").
 */
export function addressLines(address: string): string[] {
  const at = address.indexOf(",");
  if (at < 0) return [address.trim()].filter(Boolean);
  return [address.slice(0, at).trim(), address.slice(at + 1).trim()].filter(Boolean);
}

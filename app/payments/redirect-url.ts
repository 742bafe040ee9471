/**
 * Whether the gateway's pay page address can be opened: an absolute http or https URL. Anything else (missing,
 * relative, javascript:, data:) is refused with 'Payment failed. Invalid redirect URL.' (spec section 8).
 */
export function isPayPageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    const { protocol, host } = new URL(value);
    return (protocol === 'https:' || protocol === 'http:') && host !== '';
  } catch {
    return false;
  }
}

/**
 * Whether the gateway's pay page address can be opened: an absolute http or https URL on one of the origins the shop
 * expects its pay page on (PHONEPE_PAY_PAGE_ORIGINS, as the server hands them over). Anything else (missing,
 * relative, javascript:, data:, another host) is refused with 'Payment failed. Invalid redirect URL.' (spec section 8).
 */
export function isPayPageUrl(value: unknown, origins: readonly string[]): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    const { protocol, host, origin } = new URL(value);
    return (protocol === 'https:' || protocol === 'http:') && host !== '' && origins.includes(origin);
  } catch {
    return false;
  }
}

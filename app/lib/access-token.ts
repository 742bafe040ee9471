/**
 * The access token, kept where the spec keeps it (localStorage 'access_token'). The HTTP client sends it and
 * replaces it on refresh; the session stores it at sign-in. Others only ask whether one is stored: a stored token
 * means requests go out signed in, even before the start-up check has answered.
 */
export const ACCESS_TOKEN_KEY = 'access_token';

export const readAccessToken = (): string | null => localStorage.getItem(ACCESS_TOKEN_KEY);

export const hasAccessToken = (): boolean => readAccessToken() !== null;

export function storeAccessToken(accessToken: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
}

export function clearAccessToken(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
}

import { createContext } from 'react';
import type { StorefrontContext } from '../core/storefront.ts';

declare module 'react-router' {
  interface AppLoadContext extends StorefrontContext {}
}

/**
 * The nonce for <Links> and <Scripts>: set while the server renders; '' in the browser, which is what the DOM
 * shows of a nonce attribute, so hydration matches. Kept out of loader data, so it is not in the page's JSON.
 */
export const CspNonce = createContext('');

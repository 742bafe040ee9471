import { servesLocalConveniences, type RootSettings } from '../settings.ts';

/** The CSP directives this shop sets, each with its list of sources (decision 0005). */
export type Directive =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors';

export type Sources = Partial<Record<Directive, readonly string[]>>;

/** What the policies are made from: the root's settings, Google sign-in's and the gateway's. */
export type PolicySettings = Pick<
  RootSettings,
  'MEDIA_BASE_URL' | 'PUBLIC_URL' | 'NODE_ENV' | 'PORT' | 'TRUST_PROXY'
> & {
  GOOGLE_CLIENT_ID?: string;
  PHONEPE_CLIENT_ID?: string;
  PHONEPE_ENV: 'sandbox' | 'production';
  PHONEPE_CHECKOUT_SCRIPT_URL: string;
  PHONEPE_PAY_PAGE_ORIGINS?: string[];
};

const NONE = "'none'";
const SELF = "'self'";

/** What the storefront itself needs. Its scripts run by this response's nonce only: see storefrontPolicy. */
const STOREFRONT: Sources = {
  'default-src': [SELF],
  // 'strict-dynamic' lets the nonced scripts load the app's chunks; browsers that know it ignore the
  // fallbacks after it, which older ones use instead.
  'script-src': ["'strict-dynamic'", 'https:', SELF],
  // react-hot-toast injects a <style> and components set style attributes: only scripts need to be strict.
  'style-src': [SELF, "'unsafe-inline'"],
  'img-src': [SELF, 'data:', 'blob:'],
  'connect-src': [SELF],
  'frame-src': [NONE],
  'object-src': [NONE],
  'base-uri': [SELF],
  'form-action': [SELF],
  'frame-ancestors': [NONE],
};

/** Google Identity Services' documented hosts (developers.google.com/identity/gsi/web/guides/csp) and profile pictures. */
export const GOOGLE_SIGN_IN: Sources = {
  'script-src': ['https://accounts.google.com/gsi/client'],
  'style-src': ['https://accounts.google.com/gsi/style'],
  'frame-src': ['https://accounts.google.com/gsi/'],
  'connect-src': ['https://accounts.google.com/gsi/'],
  'img-src': ['https://lh3.googleusercontent.com'],
};

/**
 * PhonePe's PayPage hosts, by PHONEPE_ENV: where the redirectUrl of a created payment points, and so what its iframe
 * opens. The sandbox's pay pages are on mercury-uat (its redirectUrl is …/transact/uat_v2?token=…) and, in PhonePe's
 * older examples, mercury-t2; production's on mercury, which also serves checkout.js, and mercury-t2. Should PhonePe
 * move them, PHONEPE_PAY_PAGE_ORIGINS overrides this without a release.
 */
export const PHONEPE_PAY_PAGE_HOSTS = {
  sandbox: ['https://mercury-uat.phonepe.com', 'https://mercury-t2.phonepe.com'],
  production: ['https://mercury.phonepe.com', 'https://mercury-t2.phonepe.com'],
} as const;

/**
 * The origins a pay page may come from (decision 0022): what the storefront's frame-src allows, what the server
 * passes on as a payment's pay page, and what the browser opens. With PhonePe's credentials, PHONEPE_PAY_PAGE_ORIGINS
 * or PhonePe's hosts for PHONEPE_ENV; with the shop's own simulator, this shop's own origins; none when prepaid is off.
 */
export function payPageOrigins(
  settings: Pick<
    PolicySettings,
    | 'PHONEPE_CLIENT_ID'
    | 'PHONEPE_PAY_PAGE_ORIGINS'
    | 'PHONEPE_ENV'
    | 'NODE_ENV'
    | 'TRUST_PROXY'
    | 'PUBLIC_URL'
    | 'PORT'
  >,
): string[] {
  if (settings.PHONEPE_CLIENT_ID)
    return [...(settings.PHONEPE_PAY_PAGE_ORIGINS ?? PHONEPE_PAY_PAGE_HOSTS[settings.PHONEPE_ENV])];
  return servesLocalConveniences(settings) ? localOrigins(settings) : [];
}

/**
 * Prepaid checkout: PhonePe's checkout.js and its PayPage iframe; without credentials on a local shop, the local
 * simulator's, which this shop serves itself (decision 0019).
 */
function paymentSources(settings: PolicySettings): Sources {
  if (settings.PHONEPE_CLIENT_ID) {
    return {
      'script-src': [new URL(settings.PHONEPE_CHECKOUT_SCRIPT_URL).origin],
      'frame-src': payPageOrigins(settings),
    };
  }
  // The simulator's pay page is on this shop, under its public origin (which a developer may reach as localhost).
  return servesLocalConveniences(settings) ? { 'frame-src': [SELF, ...payPageOrigins(settings)] } : {};
}

/** The addresses this shop answers on this machine: its public origin, localhost and 127.0.0.1. */
export function localOrigins(settings: Pick<RootSettings, 'PUBLIC_URL' | 'PORT'>): string[] {
  const origins = [`http://localhost:${settings.PORT}`, `http://127.0.0.1:${settings.PORT}`];
  if (settings.PUBLIC_URL) origins.unshift(new URL(settings.PUBLIC_URL).origin);
  return [...new Set(origins)];
}

/** Third-party sources, one entry per optional feature: the one place to allow a provider's hosts. */
function featureSources(settings: PolicySettings): Sources[] {
  return [
    settings.GOOGLE_CLIENT_ID ? GOOGLE_SIGN_IN : {},
    { 'img-src': mediaOrigin(settings.MEDIA_BASE_URL) },
    paymentSources(settings),
  ];
}

/** Images come from MEDIA_BASE_URL's origin when it is a CDN rather than a path on this shop. */
function mediaOrigin(mediaBaseUrl: string): string[] {
  return /^https?:\/\//.test(mediaBaseUrl) ? [new URL(mediaBaseUrl).origin] : [];
}

function merge(policies: Sources[]): Sources {
  const merged: Partial<Record<Directive, string[]>> = {};
  for (const policy of policies) {
    for (const [directive, sources] of Object.entries(policy) as [Directive, readonly string[]][]) {
      const list = (merged[directive] ??= []);
      for (const source of sources) if (!list.includes(source)) list.push(source);
    }
  }
  // A feature's sources replace a directive's 'none'.
  for (const list of Object.values(merged))
    if (list.length > 1 && list.includes(NONE)) list.splice(list.indexOf(NONE), 1);
  return merged;
}

function serialize(policy: Sources, upgradeInsecureRequests: boolean): string {
  const directives = Object.entries(policy).map(([directive, sources]) => `${directive} ${sources.join(' ')}`);
  if (upgradeInsecureRequests) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

const servedOverHttps = (settings: PolicySettings) => settings.PUBLIC_URL?.startsWith('https:') ?? false;

/**
 * The storefront's policy for one response, given that response's nonce. Built once at start; `hotReload`
 * lets `npm run dev` reach Vite's hot-reload socket.
 */
export function storefrontPolicy(settings: PolicySettings, { hotReload = false } = {}): (nonce: string) => string {
  const { 'script-src': scriptSources = [], ...rest } = merge([
    STOREFRONT,
    ...featureSources(settings),
    hotReload ? { 'connect-src': ['ws:'] } : {},
  ]);
  const others = serialize(rest, servedOverHttps(settings));
  return (nonce) => `script-src 'nonce-${nonce}' ${scriptSources.join(' ')}; ${others}`;
}

/** JSON, media and static files: nothing in them may run, load anything, or be framed. */
export const API_POLICY: Sources = { 'default-src': [NONE], 'frame-ancestors': [NONE] };

/** Swagger UI at /api/docs: its page loads only its own scripts and styles, and fetches the spec. */
export function apiDocsPolicy(settings: PolicySettings): string {
  const docs: Sources = {
    'default-src': [SELF],
    'script-src': [SELF],
    'style-src': [SELF, "'unsafe-inline'"],
    'img-src': [SELF, 'data:'],
    'object-src': [NONE],
    'base-uri': [SELF],
    'form-action': [SELF],
    'frame-ancestors': [NONE],
  };
  return serialize(docs, servedOverHttps(settings));
}

/** The development mailbox: no scripts at all; its own inline <style>, and the mails' inline styles in the srcdoc frame. */
export const DEV_MAILBOX_POLICY = serialize(
  {
    'default-src': [NONE],
    'style-src': ["'unsafe-inline'"],
    'img-src': [SELF, 'data:'],
    'base-uri': [NONE],
    'form-action': [NONE],
    'frame-ancestors': [NONE],
  },
  false,
);

import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { ShopSettings } from '../../core/shop';

/** Shop settings from the root loader, available on every page. */
export function useShop(): ShopSettings {
  return useRouteLoaderData<{ shop: ShopSettings }>('root')!.shop;
}

/** Google sign-in's client id; null when the shop has not configured Google sign-in. */
export function useGoogleClientId(): string | null {
  return useRouteLoaderData<{ googleClientId: string | null }>('root')?.googleClientId ?? null;
}

/** The payment gateway as the browser meets it: its script, and the origins its pay page may come from. */
export interface GatewaySettings {
  scriptUrl: string;
  payPageOrigins: readonly string[];
}

/** The payment gateway for prepaid checkout; null when the shop cannot take payments online. */
export function useGatewaySettings(): GatewaySettings | null {
  const data = useRouteLoaderData<{ paymentScriptUrl: string | null; paymentPayPageOrigins: string[] }>('root');
  const scriptUrl = data?.paymentScriptUrl ?? null;
  const payPageOrigins = data?.paymentPayPageOrigins;
  return useMemo(
    () => (scriptUrl ? { scriptUrl, payPageOrigins: payPageOrigins ?? [] } : null),
    [scriptUrl, payPageOrigins],
  );
}

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

/** The payment gateway's browser script for prepaid checkout; null when the shop cannot take payments online. */
export function usePaymentScriptUrl(): string | null {
  return useRouteLoaderData<{ paymentScriptUrl: string | null }>('root')?.paymentScriptUrl ?? null;
}

import { useRouteLoaderData } from 'react-router';
import type { ShopSettings } from '../../core/shop';

/** Shop settings from the root loader, available on every page. */
export function useShop(): ShopSettings {
  return useRouteLoaderData<{ shop: ShopSettings }>('root')!.shop;
}

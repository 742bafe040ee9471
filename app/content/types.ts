export type { ShopSettings as ShopInfo } from '../../core/shop.ts';

// What every module and flow sees of shipping (decision 0061): whether a PIN is served, takes cash on delivery, and
// when a parcel would arrive (decision 0075). Placing an order checks its address's PIN here.
import type { DeliveryEstimate } from '../../../core/contracts/shipping.ts';
import type { StockLine } from '../stock/face.ts';
import { face } from '../kernel/face.ts';

export interface DeliveryEstimates {
  /**
   * The estimate for a parcel of these lines (each product's unit parcel times its quantity); products that do not
   * exist add nothing. Never throws for a courier's failure: the estimate then falls back as decision 0075 says.
   */
  forLines(pin: string, lines: readonly StockLine[]): Promise<DeliveryEstimate>;
}

export interface ShippingFace {
  estimates: DeliveryEstimates;
}

export const shippingFace = face<ShippingFace>('shipping');

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DELIVERY_ESTIMATE_PRODUCT_PAGE } from '../../core/constants';
import { DeliveryEstimate } from './DeliveryEstimate';

const text = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(element).replace(/<[^>]+>/g, '');

describe('DeliveryEstimate', () => {
  it('says 3 to 7 days unless its page gives a range (spec section 9)', () => {
    expect(text(createElement(DeliveryEstimate))).toBe(' Delivery in 3 to 7 days, dispatched within 24 hours');
    expect(text(createElement(DeliveryEstimate, { days: DELIVERY_ESTIMATE_PRODUCT_PAGE }))).toContain(
      'Delivery in 3 to 9 days',
    );
  });
});

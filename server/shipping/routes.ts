import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DELIVERY_MESSAGES,
  PIN_MESSAGES,
  deliveryEstimateEndpoint,
  pincodeEndpoint,
} from '../../core/contracts/shipping.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { PinDirectory } from './pin-directory.ts';
import type { DeliveryEstimates } from './estimates.ts';

interface ShippingRouteOptions {
  pins: PinDirectory;
  estimates: DeliveryEstimates;
}

/** The shipping module's public routes: the PIN directory (decision 0070). */
export const shippingRoutes: FastifyPluginAsyncZod<ShippingRouteOptions> = async (app, { pins, estimates }) => {
  route(app, pincodeEndpoint, {
    schema: {
      tags: ['shipping'],
      summary: 'The districts and states a PIN code spans, each state with its GST state code',
      description:
        "From GeoNames' postal codes (CC BY 4.0), states named as today. Not six digits, or a leading 0, is 400; a " +
        'PIN the directory does not know is 404.',
    },
    handler: async (request, reply) => {
      const answer = await pins.lookUp(request.params.pin);
      if (!answer) return reply.code(404).send({ message: PIN_MESSAGES.unknown });
      return answer;
    },
  });

  route(app, deliveryEstimateEndpoint, {
    schema: {
      tags: ['shipping'],
      summary: 'Whether a PIN code is delivered to, takes cash on delivery, and the earliest delivery date',
      description:
        "The courier's serviceability for one unit of the product (without productId, the default 0.5 kg parcel) " +
        'from the shop’s pickup PIN, kept 24 h per PIN and 0.5 kg weight step. When the courier cannot answer, the ' +
        'PIN counts as served with cash on delivery and no date (decision 0075). A bad PIN is 400, an unknown ' +
        'product 404.',
    },
    handler: async (request, reply) => {
      const estimate = await estimates.forProduct(request.query.pin, request.query.productId);
      if (!estimate) return reply.code(404).send({ message: DELIVERY_MESSAGES.productNotFound });
      return estimate;
    },
  });
};

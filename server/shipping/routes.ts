import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PIN_MESSAGES, pincodeEndpoint } from '../../core/contracts/shipping.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { PinDirectory } from './pin-directory.ts';

interface ShippingRouteOptions {
  pins: PinDirectory;
}

/** The shipping module's public routes: the PIN directory (decision 0070). */
export const shippingRoutes: FastifyPluginAsyncZod<ShippingRouteOptions> = async (app, { pins }) => {
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
};

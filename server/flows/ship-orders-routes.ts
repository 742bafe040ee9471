import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBulkShipmentEndpoint,
  adminCreateShipmentEndpoint,
  adminManifestEndpoint,
  adminShipmentLabelEndpoint,
  adminShippingSetupEndpoint,
} from '../../core/contracts/admin-shipping.ts';
import { actorOf } from '../platform/audit/actor.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { ShipOrders } from './ship-orders.ts';

const tags = ['admin'];
/** A PDF's bytes: Fastify sends a Buffer as it is, never through the contract's serialiser (typed a string there). */
const pdfBody = (pdf: Uint8Array) => Buffer.from(pdf) as unknown as string;

/** The back office's shipping through Shiprocket (decision 0077), in the admin guard's scope. */
export const adminShipOrdersRoutes: FastifyPluginAsyncZod<{ shipOrders: ShipOrders }> = async (app, { shipOrders }) => {
  route(app, adminCreateShipmentEndpoint, {
    schema: {
      tags,
      summary: 'Ship a confirmed or packed order through Shiprocket: create, AWB, pickup, then packed and shipped',
      description:
        "Optional body: the parcel's weightKg, lengthCm, breadthCm, heightCm (else the items' sum). Audited as " +
        "order.status and order.shipment; the shopper gets the shipped mail. 502 with Shiprocket's message when " +
        'it refuses or cannot be reached: a retry resumes where it stopped. 409 for another status, or when ' +
        'Shiprocket is not set up.',
    },
    handler: async (request) => ({
      order: await shipOrders.ship(request.params.orderId, actorOf(request), request.body ?? {}),
    }),
  });

  route(app, adminShippingSetupEndpoint, {
    schema: { tags, summary: 'Whether orders ship through Shiprocket, or by hand (Shiprocket not set up)' },
    handler: async (request) => {
      actorOf(request);
      return { courier: shipOrders.courier };
    },
  });

  route(app, adminShipmentLabelEndpoint, {
    schema: {
      tags,
      summary: 'The shipping label of an order shipped through Shiprocket, a PDF (asked of Shiprocket each time)',
    },
    handler: async (request, reply) => {
      actorOf(request);
      const pdf = await shipOrders.label(request.params.orderId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="label-${request.params.orderId}.pdf"`)
        .send(pdfBody(pdf));
    },
  });

  route(app, adminBulkShipmentEndpoint, {
    schema: {
      tags,
      summary: 'Ship 1 to 50 orders through Shiprocket, then one manifest of those shipped',
      description: 'Each order as its own shipment call would; the answer says which shipped and why others did not.',
    },
    handler: async (request) => shipOrders.shipMany(request.body.orderIds, actorOf(request)),
  });

  route(app, adminManifestEndpoint, {
    schema: { tags, summary: 'A manifest made by a bulk shipment, a PDF' },
    handler: async (request, reply) => {
      actorOf(request);
      const pdf = await shipOrders.manifest(request.params.manifestId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="manifest-${request.params.manifestId}.pdf"`)
        .send(pdfBody(pdf));
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToWishlistEndpoint,
  backInStockMailsEndpoint,
  mergeWishlistEndpoint,
  removeFromWishlistEndpoint,
  stopBackInStockMailsEndpoint,
  wishlistEndpoint,
} from '../../core/contracts/wishlist.ts';
import { signedIn, type ShopperHooks } from '../auth/index.ts';
import { escapeHtml } from '../mail/index.ts';
import { route } from '../http/endpoint-route.ts';
import type { BackInStockMails } from './back-in-stock.ts';
import type { WishlistService } from './service.ts';

interface WishlistRouteOptions {
  wishlists: WishlistService;
  backInStock: BackInStockMails;
  hooks: ShopperHooks;
  shopName: string;
}

const security = [{ bearerAuth: [] }];
const tags = ['wishlist'];

/** The page a stop link answers: plain HTML, as the API's content security policy allows no styles or scripts. */
const mailsStoppedPage = (shopName: string) => `<!doctype html>
<html lang="en-IN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Back-in-stock mails are off</title></head>
<body>
<h1>Back-in-stock mails are off</h1>
<p>You will get no more mails when a product on your wishlist is back in stock. Your wishlist stays as it is,
and you can turn these mails on again in your account.</p>
<p><a href="/">Back to ${escapeHtml(shopName)}</a></p>
</body>
</html>`;

/** A signed-in shopper's wishlist (decision 0028), and the link that turns its back-in-stock mails off. */
export const wishlistRoutes: FastifyPluginAsyncZod<WishlistRouteOptions> = async (
  app,
  { wishlists, backInStock, hooks, shopName },
) => {
  const shopper = { onRequest: hooks.requireShopper };
  const userId = (request: Parameters<typeof signedIn>[0]) => signedIn(request).userId;

  route(app, wishlistEndpoint, {
    ...shopper,
    schema: { tags, summary: "The signed-in shopper's wishlist, priced and stocked now", security },
    handler: (request) => wishlists.get(userId(request)),
  });

  route(app, addToWishlistEndpoint, {
    ...shopper,
    schema: {
      tags,
      summary: 'Add a product to the wishlist',
      description:
        'A product already listed stays where it is. 400 for a product the shop does not sell; 409 when the ' +
        'wishlist is full.',
      security,
    },
    handler: (request) => wishlists.add(userId(request), request.params.productId),
  });

  route(app, removeFromWishlistEndpoint, {
    ...shopper,
    schema: { tags, summary: 'Remove a product from the wishlist (one not listed is no error)', security },
    handler: (request) => wishlists.remove(userId(request), request.params.productId),
  });

  route(app, mergeWishlistEndpoint, {
    ...shopper,
    schema: {
      tags,
      summary: "Add a guest's wishlist to the shopper's at sign-in",
      description:
        'Only `_id` is read. Products already listed are not added again, so merging twice changes nothing; ' +
        'products the shop does not sell, and any past the limit, are left out.',
      security,
    },
    handler: (request) =>
      wishlists.merge(
        userId(request),
        request.body.items.map((item) => item._id),
      ),
  });

  route(app, backInStockMailsEndpoint, {
    ...shopper,
    schema: { tags, summary: 'Turn back-in-stock mails on or off', security },
    handler: (request) => wishlists.setBackInStockMails(userId(request), request.body.on),
  });

  route(app, stopBackInStockMailsEndpoint, {
    schema: {
      tags,
      summary: "The link in every back-in-stock mail: turns the shopper's back-in-stock mails off",
      description:
        "No sign-in: the token is the shopper's id signed by the shop. Answers a short HTML page; following it " +
        'again changes nothing. 400 with `{ message }` for a token the shop did not sign.',
      produces: ['text/html', 'application/json'],
    },
    handler: async (request, reply) => {
      await backInStock.stop(request.query.token);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(mailsStoppedPage(shopName));
    },
  });
};

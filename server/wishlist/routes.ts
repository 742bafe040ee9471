import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToWishlistEndpoint,
  backInStockMailsEndpoint,
  mergeWishlistEndpoint,
  removeFromWishlistEndpoint,
  stopBackInStockMailsEndpoint,
  stopBackInStockMailsPostEndpoint,
  wishlistEndpoint,
} from '../../core/contracts/wishlist.ts';
import { signedIn, type ShopperHooks } from '../platform/auth/face.ts';
import { escapeHtml } from '../platform/mail/templates.ts';
import { route } from '../platform/http/endpoint-route.ts';
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

/** A page of the stop link: plain HTML, as the API's content security policy allows no styles or scripts. */
const stopPage = (title: string, body: string) => `<!doctype html>
<html lang="en-IN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title></head>
<body>
<h1>${title}</h1>
${body}
</body>
</html>`;

const backTo = (shopName: string) => `<p><a href="/">Back to ${escapeHtml(shopName)}</a></p>`;

/**
 * What the link shows (decision 0049): a button that posts to the same address, token and all. The page itself
 * changes nothing, so a mail scanner's visit does not turn the mails off.
 */
const stopButtonPage = (shopName: string) =>
  stopPage(
    'Stop back-in-stock mails?',
    `<p>You get a mail when a product on your wishlist is back in stock. Your wishlist stays as it is either way.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Stop these mails</button></form>
${backTo(shopName)}`,
  );

const mailsStoppedPage = (shopName: string) =>
  stopPage(
    'Back-in-stock mails are off',
    `<p>You will get no more mails when a product on your wishlist is back in stock. Your wishlist stays as it is,
and you can turn these mails on again in your account.</p>
${backTo(shopName)}`,
  );

const FORM = 'application/x-www-form-urlencoded';

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

  const html = (reply: FastifyReply, page: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);

  route(app, stopBackInStockMailsEndpoint, {
    schema: {
      tags,
      summary: 'The link in every back-in-stock mail: a page with the button that stops them',
      description:
        "No sign-in: the token is the shopper's id signed by the shop. Opening it changes nothing (mail scanners " +
        'open every link); its button posts to the same address. 400 with `{ message }` for a token the shop did ' +
        'not sign.',
      produces: ['text/html', 'application/json'],
    },
    handler: async (request, reply) => {
      backInStock.check(request.query.token);
      return html(reply as FastifyReply, stopButtonPage(shopName));
    },
  });

  // The stop button's form, and the one-click POST of RFC 8058 (`List-Unsubscribe=One-Click`): the body says
  // nothing the token does not, so it is read and dropped.
  if (!app.hasContentTypeParser(FORM)) {
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null));
  }
  route(app, stopBackInStockMailsPostEndpoint, {
    schema: {
      tags,
      summary: "Turn the shopper's back-in-stock mails off: the stop page's button, or a mail client's one click",
      description:
        'No sign-in, no cookie, no CSRF token: the signed token is the authority (RFC 8058 one-click). Any body ' +
        '(`List-Unsubscribe=One-Click`) is ignored. Done again, nothing changes. 400 for a token the shop did not sign.',
      produces: ['text/html', 'application/json'],
    },
    handler: async (request, reply) => {
      await backInStock.stop(request.query.token);
      return html(reply as FastifyReply, mailsStoppedPage(shopName));
    },
  });
};

// The wishlist module's public face (decision 0024): a shopper's wishlist on the server and its back-in-stock mails.
export { wishlistRoutes } from './routes.ts';
export { WishlistService } from './service.ts';
export { BackInStockMails } from './back-in-stock.ts';
export { wishlistModule, wishlistFace, type Wishlists } from './module.ts';

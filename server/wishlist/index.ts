// The wishlist module's public face: a shopper's wishlist and the back-in-stock mails it asks for.
export { wishlistModule, type Wishlists } from './module.ts';

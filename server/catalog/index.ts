// The catalogue module's public face (decision 0024): products, their stock and the catalogue cache.
export { catalogRoutes } from './routes.ts';
export { catalogAdminRoutes } from './admin-routes.ts';
export { productAdminRoutes } from './admin-products-routes.ts';
export {
  CatalogService,
  type BackInStockListener,
  type CatalogServiceOptions,
  type RatingChange,
  type ReviewReader,
} from './service.ts';
export type { ReservedLine, ReturnReference, SaleReference, StockLine, StockReference } from './stock.ts';
export { addToRating, hasProducts, importCatalogue, type ImportedProduct } from './import.ts';
export { catalogModule, catalogFace, type Catalog } from './module.ts';

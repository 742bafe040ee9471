// The catalogue module's public face (decision 0024): products and the catalogue cache; their stock is the stock
// module's (decision 0062). What other modules see of it is the platform's catalog face
// (server/platform/catalog/face.ts, decision 0061); the demo seed imports a catalogue with the other two.
export { catalogModule, type Catalog } from './module.ts';
export { hasProducts, importCatalogue, type ImportedProduct } from './import.ts';

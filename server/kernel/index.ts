// The kernel (decision 0057): how a module declares itself and how the root puts a list of them together.
export { face, extensionPoint, type Face, type ExtensionPoint, type FacesOf } from './face.ts';
export { defineModule, contribute, type ShopModule } from './module.ts';
export { assemble, startOrder, mergedSettings, AssemblyError, type Assembly } from './assemble.ts';

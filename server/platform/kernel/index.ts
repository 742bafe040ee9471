// The kernel (decision 0057): how a module declares itself and how the root puts a list of them together.
export { face, extensionPoint, type Face, type ExtensionPoint, type FacesOf, type AnyFace } from './face.ts';
export { defineModule, contribute, type ShopModule, type JobDeclaration, type RouteContext } from './module.ts';
export { assemble, startOrder, mergedSettings, AssemblyError, type Assembly, type AnyModule } from './assemble.ts';

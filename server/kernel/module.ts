import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AnyFace, ExtensionPoint, Face, FacesOf } from './face.ts';

/** One contribution to an extension point, made from the contributing module's face. */
export interface Contribution<Own> {
  point: ExtensionPoint<unknown>;
  make(face: Own): unknown;
}

/** A module as it declares itself on its face, server/<module>/index.ts (decision 0057). */
export interface ShopModule<
  Own = unknown,
  Settings extends z.ZodObject = z.ZodObject,
  Needs extends Record<string, AnyFace> = Record<string, AnyFace>,
> {
  name: string;
  /** Its own environment variables; the root merges every module's slice into one and names each bad value. */
  settings?: Settings;
  /** The faces of other modules it uses, by the names its `create` gets them under. */
  needs?: Needs;
  /** The face it offers, when others may use it. */
  provides?: Face<Own>;
  /** Builds its internals from its settings and what it needs; what it returns is its face. */
  create(context: { settings: z.output<Settings>; needs: FacesOf<Needs> }): Own | Promise<Own>;
  /** Its public routes. */
  routes?(app: FastifyInstance, own: Own): Promise<void>;
  /** Its back-office routes, registered inside the admin guard's scope. */
  adminRoutes?(scope: FastifyInstance, own: Own): Promise<void>;
  /** Its steps in other modules' flows and extension points (`contribute(point, make)`). */
  contributes?: Array<Contribution<Own>>;
  start?(own: Own): Promise<void>;
  stop?(own: Own): Promise<void>;
}

/** Declares a module; the types of `create`'s settings and needs come from the declaration itself. */
export function defineModule<Own, Settings extends z.ZodObject, Needs extends Record<string, AnyFace>>(
  module: ShopModule<Own, Settings, Needs>,
): ShopModule<Own, Settings, Needs> {
  return module;
}

/** A contribution to `point`, made from the module's own face once it is created. */
export const contribute = <Own, T>(point: ExtensionPoint<T>, make: (own: Own) => T): Contribution<Own> => ({
  point: point as ExtensionPoint<unknown>,
  make,
});

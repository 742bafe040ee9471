import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AnyFace, ExtensionPoint, Face, FacesOf } from './face.ts';

/** One contribution to an extension point, made from the contributing module's face. */
export interface Contribution<Own> {
  point: ExtensionPoint<unknown>;
  make(face: Own): unknown;
}

/** A kind of background job a module runs: the queue calls `run` with the job's key and payload. */
export interface JobDeclaration {
  kind: string;
  run(job: {
    key: string;
    payload: Record<string, unknown>;
    attempts: number;
  }): Promise<{ done: true } | { rerunInSeconds: number }>;
  /** Runs before the job is given up for ever (the queue's default otherwise). */
  maxAttempts?: number;
}

/** What a module's `create` is handed: its settings, the faces it needs, and what others contribute to its points. */
export interface CreateContext<Settings extends z.ZodObject, Needs extends Record<string, AnyFace>> {
  settings: z.output<Settings>;
  needs: FacesOf<Needs>;
  /**
   * What the modules contribute to `point`, in start order: a list filled once every module is created, so read
   * it when the work runs (a request, a job, a flow), not while creating.
   */
  gather<T>(point: ExtensionPoint<T>): readonly T[];
}

/** What registering routes hands a module besides its faces. */
export interface RouteContext {
  /** Registers every module's back-office routes in `scope`: for the module that guards the back office. */
  adminRoutes(scope: FastifyInstance): Promise<void>;
}

/** A module as it declares itself on its face, server/<module>/index.ts (decision 0058). */
export interface ShopModule<
  Own = unknown,
  Settings extends z.ZodObject = z.ZodObject,
  Needs extends Record<string, AnyFace> = Record<string, AnyFace>,
  Name extends string = string,
> {
  name: Name;
  /** Its own environment variables; the root merges every module's slice into one and names each bad value. */
  settings?: Settings;
  /**
   * What its settings need together (one set without another, a value production refuses), as lines naming the
   * variable, from the environment as given; the root shows them with every other bad value.
   */
  checkSettings?(present: Readonly<Record<string, string | undefined>>): string[];
  /** Defaults that depend on other variables, e.g. production's gateway by NODE_ENV; the environment wins. */
  settingDefaults?(present: Readonly<Record<string, string | undefined>>): Record<string, string>;
  /** The faces of other modules it uses, by the names its `create` gets them under. */
  needs?: Needs;
  /** The face it offers, when others may use it. */
  provides?: Face<NoInfer<Own>>;
  /** Builds its internals from its settings and what it needs; what it returns is its face. */
  create(context: CreateContext<Settings, Needs>): Own | Promise<Own>;
  /** Its public routes, from its own face and the faces it needs. */
  routes?(app: FastifyInstance, own: Own, needs: FacesOf<Needs>, context: RouteContext): Promise<void>;
  /** Its back-office routes, registered inside the admin guard's scope. */
  adminRoutes?(scope: FastifyInstance, own: Own, needs: FacesOf<Needs>): Promise<void>;
  /** The kinds of background job it runs. */
  jobs?(own: Own): JobDeclaration[];
  /** Its steps in other modules' flows and extension points (`contribute(point, make)`). */
  contributes?: Array<Contribution<Own>>;
  start?(own: Own): Promise<void>;
  stop?(own: Own): Promise<void>;
}

/** Declares a module; the types of `create`'s settings and needs come from the declaration itself. */
export function defineModule<
  Own,
  Settings extends z.ZodObject,
  Needs extends Record<string, AnyFace>,
  const Name extends string,
>(module: ShopModule<Own, Settings, Needs, Name>): ShopModule<Own, Settings, Needs, Name> {
  return module;
}

/** A contribution to `point`, made from the module's own face once it is created. */
export const contribute = <Own, T>(point: ExtensionPoint<T>, make: (own: Own) => T): Contribution<Own> => ({
  point: point as ExtensionPoint<unknown>,
  make,
});

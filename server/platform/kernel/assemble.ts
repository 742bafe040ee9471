import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AnyFace, ExtensionPoint, Face } from './face.ts';
import type { JobDeclaration, ShopModule } from './module.ts';

/** Any module of the list, whatever its own types: each is checked where it is declared. */
export type AnyModule = ShopModule<unknown, z.ZodObject, Record<string, AnyFace>>;

/** A list of modules that cannot be put together; the message names the modules and faces involved. */
export class AssemblyError extends Error {}

/** The module that offers each face, from the list (each face offered once). */
function providers(modules: readonly AnyModule[]): Map<AnyFace, AnyModule> {
  const byFace = new Map<AnyFace, AnyModule>();
  for (const module of modules) {
    if (!module.provides) continue;
    const other = byFace.get(module.provides);
    if (other)
      throw new AssemblyError(`The face ${module.provides.name} is offered by both ${other.name} and ${module.name}`);
    byFace.set(module.provides, module);
  }
  return byFace;
}

/**
 * The order to create and start the modules in: each after every module whose face it needs, otherwise as listed.
 * `given` are faces the root makes itself (the database, the logger): nobody in the list needs to offer them.
 */
export function startOrder(modules: readonly AnyModule[], given: ReadonlySet<AnyFace> = new Set()): AnyModule[] {
  const byFace = providers(modules);
  const ordered: AnyModule[] = [];
  const placed = new Set<AnyModule>();
  const visit = (module: AnyModule, path: AnyModule[]) => {
    if (placed.has(module)) return;
    if (path.includes(module)) {
      const circle = [...path.slice(path.indexOf(module)), module].map((each) => each.name).join(' → ');
      throw new AssemblyError(`Modules need each other in a circle: ${circle}`);
    }
    for (const needed of Object.values((module.needs ?? {}) as Record<string, AnyFace>)) {
      if (given.has(needed)) continue;
      const provider = byFace.get(needed);
      if (!provider)
        throw new AssemblyError(`${module.name} needs the face ${needed.name}, which no module in the list offers`);
      visit(provider, [...path, module]);
    }
    placed.add(module);
    ordered.push(module);
  };
  for (const module of modules) visit(module, []);
  return ordered;
}

/** Every module's settings slice as one schema; a variable two slices both declare is refused, naming both. */
export function mergedSettings(modules: readonly AnyModule[], base: z.ZodObject = z.object({})): z.ZodObject {
  const owner = new Map<string, string>(Object.keys(base.shape).map((key) => [key, 'the root']));
  let merged = base;
  for (const module of modules) {
    if (!module.settings) continue;
    const slice = module.settings as z.ZodObject;
    for (const key of Object.keys(slice.shape)) {
      const other = owner.get(key);
      if (other) throw new AssemblyError(`The setting ${key} is declared by both ${other} and ${module.name}`);
      owner.set(key, module.name);
    }
    merged = merged.extend(slice.shape);
  }
  return merged;
}

/** The modules once created and started: their faces, their contributions, their routes, and how to stop them. */
export interface Assembly {
  faceOf<T>(face: Face<T>): T;
  /** What the modules contributed to `point`, in start order. */
  contributions<T>(point: ExtensionPoint<T>): T[];
  registerRoutes(app: FastifyInstance): Promise<void>;
  registerAdminRoutes(scope: FastifyInstance): Promise<void>;
  /** Every module's kinds of background job. */
  jobs(): JobDeclaration[];
  /** A module's own face by its name in the list, for the root and tests. */
  ownOf(name: string): unknown;
  /** Stops the started modules in reverse order; every stop runs, and the first failure is thrown after. */
  stop(): Promise<void>;
}

export interface AssembleOptions {
  /** The parsed settings of the whole list (mergedSettings). */
  settings: Record<string, unknown>;
  /** Faces the root makes itself, e.g. the database. */
  given?: ReadonlyMap<AnyFace, unknown>;
  /** Runs once every module is created, before any starts (the root migrates and seeds here). */
  beforeStart?(assembly: Assembly): Promise<void>;
}

/**
 * Creates each module in start order with its slice of the parsed settings and the faces it needs, then starts
 * them in that order. A module that fails to create or start stops those already started.
 */
export async function assemble(
  modules: readonly AnyModule[],
  { settings, given = new Map(), beforeStart }: AssembleOptions,
): Promise<Assembly> {
  const order = startOrder(modules, new Set(given.keys()));
  const faces = new Map<AnyFace, unknown>(given);
  const own = new Map<AnyModule, unknown>();
  const needsOf = new Map<AnyModule, Record<string, unknown>>();
  const started: AnyModule[] = [];
  const gathered = new Map<ExtensionPoint<unknown>, unknown[]>();
  const gather = <T>(point: ExtensionPoint<T>): readonly T[] => {
    const list = gathered.get(point) ?? [];
    gathered.set(point, list);
    return list as T[];
  };
  const stop = async () => {
    let failure: { error: unknown } | undefined;
    for (const module of started.reverse()) {
      try {
        await module.stop?.(own.get(module));
      } catch (error) {
        failure ??= { error };
      }
    }
    started.length = 0;
    if (failure) throw failure.error;
  };
  const assembly: Assembly = {
    faceOf<T>(wanted: Face<T>): T {
      if (!faces.has(wanted)) throw new AssemblyError(`No module in the list offers the face ${wanted.name}`);
      return faces.get(wanted) as T;
    },
    contributions: <T>(point: ExtensionPoint<T>): T[] => [...gather(point)],
    async registerRoutes(app) {
      const context = { adminRoutes: (scope: FastifyInstance) => assembly.registerAdminRoutes(scope) };
      for (const module of modules) await module.routes?.(app, own.get(module), needsOf.get(module) ?? {}, context);
    },
    async registerAdminRoutes(scope) {
      for (const module of modules) await module.adminRoutes?.(scope, own.get(module), needsOf.get(module) ?? {});
    },
    jobs: () => order.flatMap((module) => module.jobs?.(own.get(module)) ?? []),
    ownOf(name) {
      const module = modules.find((each) => each.name === name);
      if (!module || !own.has(module)) throw new AssemblyError(`No module named ${name} in the list`);
      return own.get(module);
    },
    stop,
  };
  try {
    for (const module of order) {
      const slice = module.settings
        ? Object.fromEntries(Object.keys((module.settings as z.ZodObject).shape).map((key) => [key, settings[key]]))
        : {};
      const needs = Object.fromEntries(
        Object.entries((module.needs ?? {}) as Record<string, AnyFace>).map(([name, needed]) => [
          name,
          faces.get(needed),
        ]),
      );
      needsOf.set(module, needs);
      const created: unknown = await module.create({ settings: slice, needs, gather });
      own.set(module, created);
      if (module.provides) faces.set(module.provides, created);
    }
    for (const module of order) {
      for (const contribution of module.contributes ?? []) {
        (gather(contribution.point) as unknown[]).push(contribution.make(own.get(module)));
      }
    }
    await beforeStart?.(assembly);
    for (const module of order) {
      await module.start?.(own.get(module));
      started.push(module);
    }
  } catch (error) {
    await stop().catch(() => {}); // the start's failure is the one to report
    throw error;
  }
  return assembly;
}

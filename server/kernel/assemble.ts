import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AnyFace, ExtensionPoint, Face } from './face.ts';
import type { ShopModule } from './module.ts';

/** Any module of the list, whatever its own types: each is checked where it is declared. */
type AnyModule = ShopModule<unknown, z.ZodObject, Record<string, AnyFace>>;

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
  /** Stops the started modules in reverse order; every stop runs, and the first failure is thrown after. */
  stop(): Promise<void>;
}

/**
 * Creates each module in start order with its slice of the parsed settings and the faces it needs, then starts
 * them in that order. A module that fails to create or start stops those already started.
 */
export async function assemble(
  modules: readonly AnyModule[],
  { settings, given = new Map() }: { settings: Record<string, unknown>; given?: ReadonlyMap<AnyFace, unknown> },
): Promise<Assembly> {
  const order = startOrder(modules, new Set(given.keys()));
  const faces = new Map<AnyFace, unknown>(given);
  const own = new Map<AnyModule, unknown>();
  const started: AnyModule[] = [];
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
      const created: unknown = await module.create({ settings: slice, needs });
      own.set(module, created);
      if (module.provides) faces.set(module.provides, created);
    }
    for (const module of order) {
      await module.start?.(own.get(module));
      started.push(module);
    }
  } catch (error) {
    await stop().catch(() => {}); // the start's failure is the one to report
    throw error;
  }
  return {
    faceOf<T>(wanted: Face<T>): T {
      if (!faces.has(wanted)) throw new AssemblyError(`No module in the list offers the face ${wanted.name}`);
      return faces.get(wanted) as T;
    },
    contributions<T>(point: ExtensionPoint<T>): T[] {
      return order.flatMap((module) =>
        (module.contributes ?? [])
          .filter((contribution) => contribution.point === point)
          .map((contribution) => contribution.make(own.get(module)) as T),
      );
    },
    async registerRoutes(app) {
      for (const module of modules) await module.routes?.(app, own.get(module));
    },
    async registerAdminRoutes(scope) {
      for (const module of modules) await module.adminRoutes?.(scope, own.get(module));
    },
    stop,
  };
}

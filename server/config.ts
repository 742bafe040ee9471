// Merges the settings slices it is handed (the root's and each module's) and reads the environment with them,
// naming every bad value at once (decision 0058). It knows no setting itself.
import { z } from 'zod';
import { ConfigError, secrecyOf, shownValue } from './platform/kernel/setting-types.ts';

/** One slice of the settings: its schema, what its values need together, and defaults that depend on others. */
export interface SettingsSlice {
  /** Who declares it, for the message when two slices declare the same variable. */
  owner: string;
  schema: z.ZodObject;
  check?(present: Readonly<Record<string, string | undefined>>): string[];
  defaults?(present: Readonly<Record<string, string | undefined>>): Record<string, string>;
}

/** The slices as one reader of the environment; a variable two slices both declare stops the start, naming both. */
export function mergeSettings(slices: readonly SettingsSlice[]) {
  const owners = new Map<string, string>();
  let schema = z.object({});
  for (const slice of slices) {
    for (const key of Object.keys(slice.schema.shape)) {
      const other = owners.get(key);
      if (other) throw new ConfigError(`The setting ${key} is declared by both ${other} and ${slice.owner}`);
      owners.set(key, slice.owner);
    }
    schema = schema.extend(slice.schema.shape);
  }
  /** Parses the environment, naming every bad value at once so an operator can fix them in one go. */
  return function load(env: Record<string, string | undefined>): Record<string, unknown> {
    const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
    const defaults = Object.assign({}, ...slices.map((slice) => slice.defaults?.(present) ?? {})) as object;
    const parsed = schema.safeParse({ ...defaults, ...present });
    const shape = schema.shape as Record<string, z.ZodType>;
    const lines = parsed.success
      ? []
      : parsed.error.issues.map((issue) => {
          const key = String(issue.path[0] ?? '?');
          return `  ${key}=${shownValue(env[key], secrecyOf(shape[key]))}: ${issue.message}`;
        });
    for (const slice of slices) lines.push(...(slice.check?.(present) ?? []));
    if (parsed.success && lines.length === 0) return parsed.data;
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
  };
}

// Lint follows the manifests (issue 32): every folder under server/ that lint takes for a module is one the root's
// list declares, under the folder's name, and every module of the list has its folder.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FLOWS_FOLDER,
  ROOT_FOLDER,
  SERVER_TEST_FOLDERS,
  SHARED_SERVER_FOLDERS,
} from '../eslint-rules/server-layout.js';
import { SHOP_MODULES } from './root/modules.ts';

const folders = readdirSync('server', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const notModules = [...SHARED_SERVER_FOLDERS, ...SERVER_TEST_FOLDERS, FLOWS_FOLDER, ROOT_FOLDER];
const moduleFolders = folders.filter((name) => !notModules.includes(name));

describe("the modules lint knows and the root's list", () => {
  it('are the same folders', () => {
    expect(moduleFolders.sort()).toEqual(SHOP_MODULES.map((module) => module.name).sort());
  });

  it('have each module declared in its own folder, shown by its index.ts', () => {
    for (const name of moduleFolders) {
      expect(readFileSync(`server/${name}/module.ts`, 'utf8'), name).toMatch(/= defineModule\(\{\s*name: '/);
      expect(readFileSync(`server/${name}/index.ts`, 'utf8'), name).toMatch(/from '\.\/module\.ts'/);
    }
  });
});

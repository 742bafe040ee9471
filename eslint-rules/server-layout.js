// The server's layout as lint reads it (decision 0058): its shared code; every other folder under server/ is a
// module, and must be one the root's list declares (server/module-list.unit.test.ts checks the folders).
export const SHARED_SERVER_FOLDERS = ['db', 'http', 'storage', 'kernel'];
export const SHARED_SERVER_FILES = [
  'server/config.ts',
  'server/settings.ts',
  'server/platform.ts',
  'server/runtime-mode.ts',
];
/** Test code under server/ that is no module. */
export const SERVER_TEST_FOLDERS = ['testing', 'processes'];

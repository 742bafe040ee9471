// The server's layout as lint reads it (decisions 0058, 0061), in floors: the platform every module stands on, the
// modules, the flows above them, and the root that puts them together. Every other folder under server/ is a module,
// and must be one the root's list declares (server/module-list.unit.test.ts checks the folders).
export const SHARED_SERVER_FOLDERS = ['platform'];
export const SHARED_SERVER_FILES = ['server/config.ts'];
/** The flows that cross modules, and the composition root with the process's entry point. */
export const FLOWS_FOLDER = 'flows';
export const ROOT_FOLDER = 'root';
/** Test code under server/ that is no module. */
export const SERVER_TEST_FOLDERS = ['testing', 'processes'];

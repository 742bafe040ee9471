export const SHARED_SERVER_FOLDERS: readonly string[];
export const SHARED_SERVER_FILES: readonly string[];
export const FLOWS_FOLDER: string;
export const ROOT_FOLDER: string;
export const SERVER_TEST_FOLDERS: readonly string[];

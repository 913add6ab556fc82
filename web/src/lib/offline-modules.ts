import { loadApiSchemas } from './api-client';

/**
 * The modules that answer and keep the catalogue on the device. Each of them imports the contract's query rules
 * (local-index.ts imports catalog-query and the search engine), whose chunk imports zod and the schemas:
 * imported cold, all of them were evaluated in one task (about 50 ms on a desktop, 200 ms at Lighthouse's
 * fourfold slowdown: issues 28 and 29). So every importer goes through here: the schemas are loaded first, in
 * their own tasks (loadApiSchemas), and the module's import then evaluates only its own code.
 */
function afterSchemas<T>(load: () => Promise<T>): Promise<T> {
  return loadApiSchemas().then(load);
}

export const loadLocalWrites = () => afterSchemas(() => import('./local-writes'));
export const loadLocalIndex = () => afterSchemas(() => import('./local-index'));
export const loadLocalCatalogue = () => afterSchemas(() => import('./local-catalogue'));
export const loadLocalSuggest = () => afterSchemas(() => import('./local-suggest'));
export const loadCatalogueCopy = () => afterSchemas(() => import('./catalogue-copy'));

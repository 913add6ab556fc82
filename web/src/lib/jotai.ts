import { createStore, Provider, useAtom, useAtomValue, useSetAtom, atom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';

/**
 * The one jotai wrapper: the app and the tests share a store factory, so a test can start from a
 * fresh store (and fresh cookies) without module state leaking between cases.
 */
export type AppStore = ReturnType<typeof createStore>;
export const createAppStore = (): AppStore => createStore();
export { Provider as StoreProvider, useAtom, useAtomValue, useSetAtom, atom, atomWithLazy };

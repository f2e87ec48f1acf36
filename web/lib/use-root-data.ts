import { useRouteLoaderData } from 'react-router';
import type { TRootData } from './root-data.ts';

/** The root loader's data, available in every route and in error boundaries. */
export function useRootData(): TRootData | undefined {
  return useRouteLoaderData('root') as TRootData | undefined;
}

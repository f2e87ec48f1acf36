import { createContext } from 'react-router';
import type { TRequestContext } from '#server/web/request-context.ts';

/** The per-request context the Fastify host hands to every loader (ARCHITECTURE §1b). */
export const appContext = createContext<TRequestContext>();

/** The overview API (daemon/src/modules/dashboard/routes.ts), typed with the contract's wire type. */
import type { Overview } from '@contract/dashboard.ts';
import { api } from '../../lib/api.ts';

export type { Overview };
export const getOverview = () => api.get<Overview>('dashboard');

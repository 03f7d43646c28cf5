/** The overview API (daemon/src/modules/dashboard/routes.ts), typed with the contract's wire type. */
import type { Overview } from '@contract/dashboard.ts';
import { api } from '../../lib/api.ts';

export type { Overview };
/** `fresh`: the page is being opened, so the storage figures are measured now. */
export const getOverview = (fresh = false) => api.get<Overview>(fresh ? 'dashboard?fresh=true' : 'dashboard');

import { typed, type Area, type SharedParts } from '../../shared.ts';
import { notificationRoutes } from './routes.ts';
import { NotificationService } from './service.ts';

export type { NotificationService };

/** The panel's notification channel, the default task policy, and the endpoint scripts notify through. */
export function createNotifications(deps: Pick<SharedParts, 'notifier' | 'settings'>): Area<NotificationService> {
  const service = new NotificationService(deps.notifier, deps.settings);
  return {
    service,
    routes: async (app) => {
      await notificationRoutes(typed(app), { service, settings: deps.settings });
    },
  };
}

import { typed, type Area, type SharedParts } from '../../app/shared.ts';
import { DeliveryLog } from './deliveries.ts';
import { notificationRoutes } from './routes.ts';
import { NotificationService } from './service.ts';

export type { NotificationService };

/**
 * The panel's notification channel, the default task policy, the endpoint scripts notify through, and what became of
 * the owner's notifications (the last delivery; a failed one noted on its run).
 */
export function createNotifications(
  deps: Pick<SharedParts, 'notifier' | 'settings' | 'jobs'>,
): Area<NotificationService> {
  const service = new NotificationService(deps.notifier, deps.settings);
  const deliveries = new DeliveryLog(deps.settings, deps.jobs.runs);
  deps.notifier.deliveries.listen((delivery) => deliveries.record(delivery));
  return {
    service,
    routes: async (app) => {
      await notificationRoutes(typed(app), { service, settings: deps.settings });
    },
  };
}

/** What the notification feature offers other features (the setup wizard): the channel form and its client shape. */
export { NotificationForm } from './NotificationForm.tsx';
export type { NotifyClient } from './client.ts';

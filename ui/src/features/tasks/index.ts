/** What the task feature offers other features: the schedule preview (subscriptions use the same cron schedules). */
export { SchedulePreview } from './form/SchedulePreview.tsx';

/** What the logs feature offers other features: how many logs of a folder are asked at a time. */
export { logPageSize } from './api.ts';

/**
 * What the Qinglong import offers other areas: its reader (a Qinglong data folder → an import plan, changing
 * nothing) and the plan's dry run. The backup area reads a Qinglong `data.tgz` it unpacked with these.
 */
export { previewOf } from './preview.ts';
export { readQinglongImport, type ReadOptions } from './read.ts';
export type { ImportPlan } from './plan.ts';

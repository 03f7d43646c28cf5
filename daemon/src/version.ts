import { readFileSync } from 'node:fs';
import { fromRoot } from './root.ts';

/** The product version, from package.json (read once). */
export const version: string = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string })
  .version;

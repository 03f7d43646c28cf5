/** Limits of the settings that the executor needs too; a leaf, so the `task` command loads nothing more for them. */
export const megabyte = 1024 * 1024;

/** Cap of one run's output by default: far above any script's normal output, far below a disk-filling loop. */
export const defaultRunLogLimitMb = 100;
export const maxRunLogLimitMb = 10 * 1024;

import { AppError } from '../../errors/app-error.ts';
import { maxVariableBytes, panelLimitProblem, panelVariablesBudget } from '../../jobs/executor/env-limits.ts';
import { joinPanelVariables } from '../../jobs/executor/environment.ts';

/** One enabled variable as a write would leave it; `id` null for one being created. */
export interface EnabledVariable {
  id: number | null;
  name: string;
  value: string;
}

const kb = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * Refuses a write after which the enabled variables could not all reach a run: one name's values joined with `&`
 * (as the runner joins them) past what one variable may hold, or all of them past the panel's share of what a
 * process may receive (jobs/executor/env-limits.ts). Before this, such a write was accepted and every run then failed
 * with `spawn E2BIG`.
 */
export function checkRunLimits(enabled: readonly EnabledVariable[]): void {
  const problem = panelLimitProblem(joinPanelVariables(enabled));
  if (problem?.kind === 'variable') {
    const params = { name: problem.name, size: kb(problem.bytes), max: kb(maxVariableBytes) };
    throw new AppError('envVariableTooLarge', 400, params);
  }
  if (problem?.kind === 'total') {
    throw new AppError('envTotalTooLarge', 400, { size: kb(problem.bytes), max: kb(panelVariablesBudget) });
  }
}

/** The plan as the dry run shows it (and the real run reports it): counts, reasons and files, never a secret. */
import type { ImportPreview } from '../../contract/import-schemas.ts';
import type { ImportPlan } from './plan.ts';

export function previewOf(plan: ImportPlan): ImportPreview {
  return {
    source: { dir: plan.source.dataDir, flavour: plan.source.flavour, adoptInPlace: plan.source.adoptInPlace },
    account: plan.account ? { username: plan.account.username, twoFactor: plan.account.twoFactor !== null } : null,
    counts: structuredClone(plan.report.counts),
    skipped: structuredClone(plan.report.skipped),
    notices: structuredClone(plan.report.notices),
    files: structuredClone(plan.files),
    notifyLibraries: structuredClone(plan.notifyLibraries),
  };
}

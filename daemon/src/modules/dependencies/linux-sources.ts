/** The system's package manager and its sources, as Linux installs need them. */
import { redactUrls } from '../../errors/redact.ts';
import type { SettingsStore } from '../../settings/store.ts';
import { aptListsEmpty, detectLinuxManager, type CommandStep, type LinuxManager } from './installers.ts';
import { applyLinuxMirror } from './mirrors.ts';

/** Credentials in a URL shown in a log (user-info, query values) are hidden. */
export const hideCredentials = redactUrls;

export class LinuxSources {
  /** The Linux mirror the system's sources point at (null: not touched yet). */
  private mirrorApplied: string | null = null;

  constructor(
    private readonly settings: SettingsStore,
    /** BAIHU_LINUX_PACKAGE_MANAGER, when set. */
    private readonly forced: LinuxManager | null,
  ) {}

  /** apk or apt, or null when this system has neither. */
  manager(): LinuxManager | null {
    return detectLinuxManager(this.forced);
  }

  /**
   * Before a Linux install: point the sources at the mirror setting when it changed (root only), and refresh the
   * package lists when they changed or are empty (a fresh container).
   */
  async preparation(linux: LinuxManager, note: (text: string) => void): Promise<CommandStep[]> {
    const mirror = this.settings.get('linuxMirror');
    let changed = false;
    if (mirror !== (this.mirrorApplied ?? '') && process.getuid?.() === 0) {
      try {
        changed = (await applyLinuxMirror(linux, mirror)).length > 0;
        this.mirrorApplied = mirror;
        if (changed) note(mirror ? `Package sources now use ${hideCredentials(mirror)}` : 'Package sources restored');
      } catch (error) {
        note(`Cannot change the package sources: ${(error as Error).message}`);
      }
    }
    if (linux === 'apk') return changed ? [{ argv: ['apk', 'update'] }] : [];
    return changed || (await aptListsEmpty())
      ? [{ argv: ['apt-get', 'update'], env: { DEBIAN_FRONTEND: 'noninteractive' } }]
      : [];
  }
}

import { fieldError } from '../../errors/app-error.ts';
import type { UpdateSettings } from '../../contract/update.ts';
import type { SettingsStore } from '../../settings/store.ts';

/** `updateEnabled` and `updateFeedUrl` ('' = the feed the image was built with; else an http(s) URL). */
export class UpdateSettingsService {
  constructor(private readonly settings: SettingsStore) {}

  get(): UpdateSettings {
    return { updateEnabled: this.settings.get('updateEnabled'), updateFeedUrl: this.settings.get('updateFeedUrl') };
  }

  async set(value: UpdateSettings): Promise<UpdateSettings> {
    const url = value.updateFeedUrl.trim();
    if (url !== '' && !isHttpUrl(url)) throw fieldError('updateFeedUrl', 'updateFeedUrlInvalid');
    await this.settings.set('updateEnabled', value.updateEnabled);
    await this.settings.set('updateFeedUrl', url);
    return this.get();
  }
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

import { isReleaseUrl } from '../../contract/release-url.ts';
import { fieldError } from '../../errors/app-error.ts';
import type { UpdateSettings } from '../../contract/update.ts';
import type { SettingsStore } from '../../settings/store.ts';

/** `updateEnabled` and `updateFeedUrl` ('' = the feed the image was built with; else a release URL, https). */
export class UpdateSettingsService {
  constructor(private readonly settings: SettingsStore) {}

  get(): UpdateSettings {
    return { updateEnabled: this.settings.get('updateEnabled'), updateFeedUrl: this.settings.get('updateFeedUrl') };
  }

  async set(value: UpdateSettings): Promise<UpdateSettings> {
    const url = value.updateFeedUrl.trim();
    if (url !== '' && !isReleaseUrl(url)) throw fieldError('updateFeedUrl', 'updateFeedUrlInvalid');
    await this.settings.set('updateEnabled', value.updateEnabled);
    await this.settings.set('updateFeedUrl', url);
    return this.get();
  }
}

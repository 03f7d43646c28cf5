import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DependencySettings } from '../../contract/dependencies.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { ok } from '../../http/reply.ts';
import type { SettingsStore } from '../../settings/store.ts';
import { checkUrl } from './mirrors.ts';
import { scopeAccess } from '../../access/declare.ts';

type Key = keyof DependencySettings;

/** Qinglong's `PUT /api/system/config/<path>` of each dependency setting, with its body field. */
const paths: Record<Key, string> = {
  dependenceProxy: 'dependence-proxy',
  nodeMirror: 'node-mirror',
  pythonMirror: 'python-mirror',
  linuxMirror: 'linux-mirror',
};

function dependencySettingsOf(settings: SettingsStore): DependencySettings {
  return {
    dependenceProxy: settings.get('dependenceProxy'),
    nodeMirror: settings.get('nodeMirror'),
    pythonMirror: settings.get('pythonMirror'),
    linuxMirror: settings.get('linuxMirror'),
  };
}

/**
 * The dependency settings (Qinglong's systemConfig fields): read with the rest of `GET /api/system/config` (the system
 * area), written one by one here. Installs read them when they start, so a change applies to the next install without a restart.
 */
export const dependencySettingsRoutes: FastifyPluginAsyncTypebox<{ settings: SettingsStore }> = async (
  app,
  { settings },
) => {
  for (const key of Object.keys(paths) as Key[]) {
    app.put(
      `/system/config/${paths[key]}`,
      {
        config: { access: scopeAccess('system') },
        schema: {
          body: Type.Object({ [key]: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])) }),
          response: { 200: Ok(DependencySettings), ...failures },
        },
      },
      async (req) => {
        const value = checkUrl(key, (req.body as Record<string, string | null | undefined>)[key] ?? '');
        if (value) await settings.set(key, value);
        else await settings.reset(key);
        return ok(dependencySettingsOf(settings));
      },
    );
  }
};

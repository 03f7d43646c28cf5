import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DependencySettings } from '../../contract/dependencies.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { ok } from '../../http/reply.ts';
import { SettingKey, type SettingsStore } from '../system/settings.ts';
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

export function dependencySettingsOf(settings: SettingsStore): DependencySettings {
  return {
    dependenceProxy: settings.get(SettingKey.dependenceProxy, ''),
    nodeMirror: settings.get(SettingKey.nodeMirror, ''),
    pythonMirror: settings.get(SettingKey.pythonMirror, ''),
    linuxMirror: settings.get(SettingKey.linuxMirror, ''),
  };
}

/**
 * The dependency settings (Qinglong's systemConfig fields): read with the rest of `GET /api/system/config`, written
 * one by one. Installs read them when they start, so a change applies to the next install without a restart.
 */
export const dependencySettingsRoutes: FastifyPluginAsyncTypebox<{ settings: SettingsStore }> = async (
  app,
  { settings },
) => {
  app.get(
    '/system/config',
    {
      config: { access: scopeAccess('system') },
      schema: {
        response: {
          200: Ok(
            Type.Object({
              info: Type.Object({
                ...DependencySettings.properties,
                cronConcurrency: Type.Optional(Type.Integer()),
                timezone: Type.Optional(Type.String()),
                lang: Type.Optional(Type.String()),
                runLogLimitMb: Type.Optional(Type.Integer()),
              }),
            }),
          ),
          ...failures,
        },
      },
    },
    async () => {
      const optional = <T>(key: string) => (settings.has(key) ? { [key]: settings.get<T | null>(key, null) } : {});
      return ok({
        info: {
          ...dependencySettingsOf(settings),
          ...optional<number>(SettingKey.cronConcurrency),
          ...optional<string>(SettingKey.timezone),
          ...optional<string>(SettingKey.logLanguage),
          ...optional<number>(SettingKey.runLogLimitMb),
        },
      });
    },
  );

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
        if (value) await settings.set(SettingKey[key], value);
        else await settings.remove(SettingKey[key]);
        return ok(dependencySettingsOf(settings));
      },
    );
  }
};

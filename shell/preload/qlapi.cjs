/*
 * QLAPI for Node scripts (.js, .mjs, .ts) run by Baihu: Qinglong's global script API with its names, arguments and
 * reply shapes. Baihu preloads this file into every task and debug run (`NODE_OPTIONS=--require …`).
 *
 * Loading it only defines the global: nothing is read, connected or required until a method is first called, so a
 * run that never uses QLAPI pays for parsing this file and nothing else. A call goes to the daemon over HTTP on
 * loopback (BAIHU_NOTIFY_URL) with the run's own token (BAIHU_NOTIFY_TOKEN), which Baihu revokes when the run ends:
 * variables and tasks under /open, notifications through the run's notification route.
 *
 * Every method returns a promise of `{code, data?, message?}` as Qinglong's did; a refusal by the daemon resolves
 * with its code (400, 404 …) and message. It rejects only when the daemon cannot be reached, or outside a run.
 */
'use strict';

(function defineQlapi() {
  if (globalThis.QLAPI !== undefined) return;

  const ok = (data) => (data === undefined ? { code: 200 } : { code: 200, data });
  const refused = (message) => ({ code: 400, message });
  const required = (name) => refused(`${name} parameter is required`);
  const hasIds = (params) => Array.isArray(params && params.ids) && params.ids.length > 0;

  /** One call to the daemon; resolves with the parsed reply (whatever its status). */
  function request(method, path, body) {
    const base = process.env.BAIHU_NOTIFY_URL;
    const token = process.env.BAIHU_NOTIFY_TOKEN;
    if (!base || !token) {
      return Promise.reject(new Error('QLAPI works inside runs started by Baihu (a task, or a debug run)'));
    }
    const http = require('node:http');
    const target = new URL(path, base.replace(/\/?$/, '/'));
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve, reject) => {
      // node:http never goes through a proxy, so http_proxy in the run's variables cannot divert a loopback call.
      const req = http.request(target, { method, headers, timeout: 60000 }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve(JSON.parse(text));
          } catch {
            resolve({ code: res.statusCode || 500, message: text.slice(0, 500) });
          }
        });
      });
      req.on('timeout', () => req.destroy(new Error('QLAPI: the daemon did not answer within 60 s')));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** A reply kept as it is when it failed; `shape` maps the data of a success. */
  const reply = (answer, shape) => {
    if (!answer || answer.code !== 200)
      return { code: (answer && answer.code) || 500, message: answer && answer.message };
    return shape ? ok(shape(answer.data)) : ok();
  };

  // Qinglong's gRPC messages carried these fields only: keep the replies the same shape. `position` is an int64
  // there, which its client hands scripts as a string of the whole number.
  const int64 = (value) => (typeof value === 'number' && Number.isFinite(value) ? String(Math.trunc(value)) : value);
  const envItem = (env) =>
    env && {
      id: env.id,
      name: env.name,
      value: env.value,
      remarks: env.remarks || '',
      status: env.status,
      position: int64(env.position),
    };
  const cronItem = (cron) =>
    cron && {
      id: cron.id,
      command: cron.command,
      schedule: cron.schedule,
      name: cron.name,
      labels: cron.labels || [],
      sub_id: cron.sub_id == null ? undefined : cron.sub_id,
      extra_schedules: cron.extra_schedules || [],
      task_before: cron.task_before == null ? undefined : cron.task_before,
      task_after: cron.task_after == null ? undefined : cron.task_after,
      status: cron.status,
      log_path: cron.log_path,
      pid: cron.pid == null ? undefined : cron.pid,
      last_running_time: cron.last_running_time,
      last_execution_time: cron.last_execution_time,
    };
  // Qinglong's client wrote a number (or a boolean) given for a text field of its messages as that text, where the
  // panel's API refuses anything but text for a name: a script's `value: 12345` stays "12345".
  const asText = (value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);
  const envText = (env) => ({ name: asText(env.name), value: asText(env.value), remarks: asText(env.remarks) });
  const cronTextFields = ['name', 'command', 'schedule', 'task_before', 'task_after'];
  const cronText = (params) => {
    const out = { ...params };
    for (const field of cronTextFields) out[field] = asText(out[field]);
    if (Array.isArray(out.labels)) out.labels = out.labels.map(asText);
    return out;
  };
  const defined = (object) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
  const query = (params) => {
    const text = new URLSearchParams(defined(params)).toString();
    return text ? `?${text}` : '';
  };

  /** Baihu's own sendNotify.js (shipped beside this file), whatever the user keeps in data/scripts. */
  const sendNotify = (...args) => require('../../daemon/src/notifications/scripts/sendNotify.js').sendNotify(...args);

  const api = {
    notify: (title, content, params) => sendNotify(title, content, params),

    async systemNotify({ title, content } = {}) {
      const answer = await request('POST', 'api/notify/script', {
        title: String(title ?? ''),
        content: String(content ?? ''),
        env: {},
      });
      if (answer.code !== 200) return { code: answer.code || 400, message: answer.message };
      const delivered = (answer.data.results || []).some((result) => result.ok);
      return delivered
        ? { code: 200, message: '通知发送成功' }
        : { code: 400, message: '通知发送失败，请检查系统设置/通知配置' };
    },

    async getEnvs({ searchValue } = {}) {
      return reply(await request('GET', `open/envs${query({ searchValue })}`), (rows) => rows.map(envItem));
    },
    async getEnvById({ id } = {}) {
      if (!id) return required('id');
      return reply(await request('GET', `open/envs/${encodeURIComponent(id)}`), envItem);
    },
    async createEnv({ envs } = {}) {
      if (!Array.isArray(envs) || envs.length === 0) return required('envs');
      const body = envs.map((env) => defined(envText(env)));
      return reply(await request('POST', 'open/envs', body), (rows) => rows.map(envItem));
    },
    async updateEnv({ env } = {}) {
      if (!env || !env.id) return required('id');
      const body = defined({ id: env.id, ...envText(env) });
      return reply(await request('PUT', 'open/envs', body), envItem);
    },
    async deleteEnvs(params = {}) {
      if (!hasIds(params)) return required('ids');
      return reply(await request('DELETE', 'open/envs', params.ids));
    },
    async moveEnv({ id, fromIndex, toIndex } = {}) {
      if (!id) return required('id');
      return reply(await request('PUT', `open/envs/${encodeURIComponent(id)}/move`, { fromIndex, toIndex }), envItem);
    },
    async disableEnvs(params = {}) {
      if (!hasIds(params)) return required('ids');
      return reply(await request('PUT', 'open/envs/disable', params.ids));
    },
    async enableEnvs(params = {}) {
      if (!hasIds(params)) return required('ids');
      return reply(await request('PUT', 'open/envs/enable', params.ids));
    },
    async updateEnvNames({ ids, name } = {}) {
      if (!hasIds({ ids })) return required('ids');
      return reply(await request('PUT', 'open/envs/name', { ids, name: asText(name) }));
    },

    async getCronDetail({ log_path } = {}) {
      if (!log_path) return refused('log_path is required');
      return reply(await request('GET', `open/crons/detail${query({ log_path })}`), cronItem);
    },
    async createCron(params = {}) {
      return reply(await request('POST', 'open/crons', defined(cronText(params))), cronItem);
    },
    async updateCron(params = {}) {
      if (!params.id) return required('id');
      return reply(await request('PUT', 'open/crons', defined(cronText(params))), cronItem);
    },
    async deleteCrons(params = {}) {
      if (!hasIds(params)) return required('ids');
      return reply(await request('DELETE', 'open/crons', params.ids));
    },
    async getCrons({ searchValue } = {}) {
      return reply(await request('GET', `open/crons${query({ searchValue })}`), (page) => page.data.map(cronItem));
    },
    async getCronById({ id } = {}) {
      if (!id) return required('id');
      return reply(await request('GET', `open/crons/${encodeURIComponent(id)}`), cronItem);
    },
    async enableCrons(params = {}) {
      if (!hasIds(params)) return required('ids');
      return reply(await request('PUT', 'open/crons/enable', params.ids));
    },
    async disableCrons(params = {}) {
      if (!hasIds(params)) return required('ids');
      return reply(await request('PUT', 'open/crons/disable', params.ids));
    },
    async runCrons(params = {}) {
      if (!hasIds(params)) return required('ids');
      return reply(await request('PUT', 'open/crons/run', params.ids));
    },
  };

  Object.defineProperty(globalThis, 'QLAPI', { value: Object.freeze(api), writable: true, configurable: true });
})();

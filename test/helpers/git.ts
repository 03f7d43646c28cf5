import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestContext } from 'node:test';

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
};

export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * A bare repository `<root>/<owner>/<name>.git` and a work clone to commit into. `commit(files, branch)` writes
 * (string) or deletes (null) files, commits and pushes.
 */
export function bareRepo(root: string, owner = 'owner', name = 'scripts') {
  const bare = path.join(root, owner, `${name}.git`);
  const work = path.join(root, `${owner}-${name}-work`);
  mkdirSync(bare, { recursive: true });
  git(bare, 'init', '-q', '--bare', '-b', 'main');
  git(root, 'clone', '-q', bare, work);
  git(work, 'checkout', '-q', '-B', 'main');
  return {
    bare,
    url: `file://${bare}`,
    commit(files: Record<string, string | null>, branch = 'main', message = 'update') {
      git(work, 'checkout', '-q', '-B', branch);
      for (const [file, content] of Object.entries(files)) {
        const target = path.join(work, file);
        if (content === null) rmSync(target, { force: true });
        else {
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, content);
        }
      }
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '--allow-empty', '-m', message);
      git(work, 'push', '-q', '-f', 'origin', branch);
    },
  };
}

/**
 * `git http-backend` (CGI) behind a tiny HTTP server on 127.0.0.1 that demands basic auth `user:password`.
 * Every Authorization header it receives is recorded.
 */
export async function startGitHttpServer(t: TestContext, projectRoot: string, user: string, password: string) {
  const backend = path.join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers.authorization ?? '');
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' });
      res.end('unauthorized');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const child = spawn(backend, [], {
      env: {
        PATH: process.env.PATH ?? '',
        GIT_PROJECT_ROOT: projectRoot,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        REQUEST_METHOD: req.method ?? 'GET',
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_USER: user,
        HTTP_GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      },
    });
    req.pipe(child.stdin);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', () => {
      const out = Buffer.concat(chunks);
      const split = out.indexOf('\r\n\r\n');
      const headerText = out.subarray(0, split).toString('latin1');
      const body = out.subarray(split + 4);
      let status = 200;
      const headers: Record<string, string> = {};
      for (const lineText of headerText.split('\r\n')) {
        const at = lineText.indexOf(':');
        if (at < 0) continue;
        const name = lineText.slice(0, at).trim();
        const value = lineText.slice(at + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen };
}

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DependencyType } from '../../daemon/src/contract/enums.ts';
import { isValidPackageName, packageOf, splitNames } from '../../daemon/src/modules/dependencies/names.ts';
import { applyLinuxMirror, checkUrl, rewriteSources } from '../../daemon/src/modules/dependencies/mirrors.ts';

test('package names per type: versions allowed, options, paths, URLs and shell syntax refused', () => {
  const ok: [string, DependencyType][] = [
    ['is-number', DependencyType.nodejs],
    ['is-number@7.0.0', DependencyType.nodejs],
    ['@types/node@^20.1', DependencyType.nodejs],
    ['lodash@latest', DependencyType.nodejs],
    ['requests', DependencyType.python3],
    ['requests==2.31.0', DependencyType.python3],
    ['pkg[extra,two]==1.0', DependencyType.python3],
    ['Django>=4', DependencyType.python3],
    ['zope.interface~=6.0', DependencyType.python3],
    ['sl', DependencyType.linux],
    ['libxml2-dev=2.9.14+dfsg-1', DependencyType.linux],
    ['g++', DependencyType.linux],
  ];
  for (const [name, type] of ok) assert.ok(isValidPackageName(name, type), name);
  const refused: [string, DependencyType][] = [
    ['-g', DependencyType.nodejs],
    ['--registry=http://x', DependencyType.nodejs],
    ['a b', DependencyType.nodejs],
    ['$(id)', DependencyType.nodejs],
    ['a;b', DependencyType.nodejs],
    ['./local', DependencyType.nodejs],
    ['/abs/path', DependencyType.nodejs],
    ['github:user/repo', DependencyType.nodejs],
    ['x@1 || 2', DependencyType.nodejs],
    ['--index-url=http://x', DependencyType.python3],
    ['-r', DependencyType.python3],
    ['pkg @ https://x/y.whl', DependencyType.python3],
    ['pkg>1;os_name=="nt"', DependencyType.python3],
    ["pkg'", DependencyType.python3],
    ['-y', DependencyType.linux],
    ['Upper', DependencyType.linux],
    ['a&b', DependencyType.linux],
    ['a>b', DependencyType.linux],
  ];
  for (const [name, type] of refused) assert.ok(!isValidPackageName(name, type), name);
});

test('package without its version; auto split', () => {
  assert.equal(packageOf('@types/node@20', DependencyType.nodejs), '@types/node');
  assert.equal(packageOf('is-number@7', DependencyType.nodejs), 'is-number');
  assert.equal(packageOf('pkg[extra]==1.0', DependencyType.python3), 'pkg');
  assert.equal(packageOf('sl=5.02', DependencyType.linux), 'sl');
  assert.deepEqual(splitNames(' a \nb&c\r\n\n& a '), ['a', 'b', 'c']);
});

test('mirror URLs: http/https only; only the host of each source changes', () => {
  assert.equal(checkUrl('nodeMirror', ' https://registry.npmmirror.com '), 'https://registry.npmmirror.com');
  assert.equal(checkUrl('nodeMirror', ''), '');
  for (const bad of ['ftp://x', 'file:///etc', 'registry.npmmirror.com', 'http://a b']) {
    assert.throws(() => checkUrl('nodeMirror', bad), bad);
  }
  const apk =
    'https://dl-cdn.alpinelinux.org/alpine/v3.20/main\n# http://keep.example/x\nhttps://dl-cdn.alpinelinux.org/alpine/v3.20/community\n';
  assert.equal(
    rewriteSources(apk, 'https://mirrors.tuna.tsinghua.edu.cn/some/path'),
    'https://mirrors.tuna.tsinghua.edu.cn/alpine/v3.20/main\n# http://keep.example/x\nhttps://mirrors.tuna.tsinghua.edu.cn/alpine/v3.20/community\n',
  );
  const deb822 = 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\n';
  assert.equal(
    rewriteSources(deb822, 'http://mirror.example:8080'),
    'Types: deb\nURIs: http://mirror.example:8080/debian\nSuites: bookworm\n',
  );
});

test('applying a Linux mirror keeps the original and restores it when the mirror is cleared', async () => {
  const etc = mkdtempSync(path.join(os.tmpdir(), 'baihu-etc-'));
  try {
    mkdirSync(path.join(etc, 'apk'));
    const file = path.join(etc, 'apk', 'repositories');
    writeFileSync(file, 'https://dl-cdn.alpinelinux.org/alpine/v3.20/main\n');
    assert.deepEqual(await applyLinuxMirror('apk', 'https://one.example', etc), [file]);
    assert.equal(readFileSync(file, 'utf8'), 'https://one.example/alpine/v3.20/main\n');
    await applyLinuxMirror('apk', 'https://two.example', etc);
    assert.equal(readFileSync(file, 'utf8'), 'https://two.example/alpine/v3.20/main\n');
    await applyLinuxMirror('apk', '', etc);
    assert.equal(readFileSync(file, 'utf8'), 'https://dl-cdn.alpinelinux.org/alpine/v3.20/main\n');
  } finally {
    rmSync(etc, { recursive: true, force: true });
  }
});

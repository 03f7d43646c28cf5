import { createHttpClient } from './http.ts';
import type { TargetGuard } from './local-targets.ts';

/** A random quote from hitokoto.cn, as Qinglong appends (HITOKOTO=true); empty when it does not answer quickly. */
export async function hitokoto(base: string, guard: TargetGuard): Promise<string> {
  try {
    const res = await createHttpClient({ timeoutMs: 3000, retries: 0, guard }).request({
      method: 'GET',
      url: `${base}/`,
    });
    const body = res.json as { hitokoto?: string; from?: string } | undefined;
    return body?.hitokoto ? `\n\n${body.hitokoto}    ----${body.from ?? ''}` : '';
  } catch {
    return '';
  }
}

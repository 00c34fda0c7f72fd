import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { PublicCallError } from './share/public-client';
import { retryWhileUnavailable, unavailableQueryRetry } from './unavailable-retry';

const unavailable = () => new PublicCallError('服务暂不可用，请稍后再试', 50300, 503);

describe('retryWhileUnavailable', () => {
  it('asks again after 1 s and 2 s while the answer is 503, and returns the first success', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWhileUnavailable(
      async () => {
        calls += 1;
        if (calls < 3) throw unavailable();
        return 'ok';
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([1000, 2000]);
  });

  it('gives up after the second retry, and never retries another failure', async () => {
    let calls = 0;
    const stillDown = retryWhileUnavailable(
      async () => {
        calls += 1;
        throw unavailable();
      },
      async () => undefined,
    );
    await expect(stillDown).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(3);

    calls = 0;
    const notFound = retryWhileUnavailable(
      async () => {
        calls += 1;
        throw new PublicCallError('分享链接不存在', 40400, 404);
      },
      async () => undefined,
    );
    await expect(notFound).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(1);
  });
});

describe('unavailableQueryRetry', () => {
  it('retries a 503 twice, 1 s then 2 s apart, and nothing else', () => {
    const down = new ApiError({ code: 50300, message: '服务暂不可用，请稍后再试', status: 503, data: null });
    const broken = new ApiError({ code: 50000, message: '系统异常', status: 500, data: null });
    expect([0, 1, 2].map((count) => unavailableQueryRetry.retry(count, down))).toEqual([true, true, false]);
    expect(unavailableQueryRetry.retry(0, broken)).toBe(false);
    expect([0, 1].map((count) => unavailableQueryRetry.retryDelay(count))).toEqual([1000, 2000]);
  });
});

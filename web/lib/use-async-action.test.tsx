import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n.ts';
import en from '#locales/en.json';
import { ApiError } from './api-client.ts';
import { createAsyncAction, type TAsyncActionState } from './async-action.ts';
import { useAsyncAction } from './use-async-action.ts';

/** A promise settled from outside, so a test decides when the work ends. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function recorded() {
  const seen: TAsyncActionState[] = [];
  const action = createAsyncAction((state) => seen.push(state));
  return { action, seen };
}

describe('useAsyncAction: one call at a time, its failure in words', () => {
  it('is busy while the work runs and answers its value', async () => {
    const { action, seen } = recorded();
    const work = deferred<number>();
    const running = action.run(() => work.promise, 'fallback');
    expect(action.state).toEqual({ busy: true, error: null });
    work.resolve(7);
    expect(await running).toBe(7);
    expect(seen.at(-1)).toEqual({ busy: false, error: null });
  });

  it('refuses a second run while the first is under way (no double submit)', async () => {
    const { action } = recorded();
    const work = deferred<string>();
    let calls = 0;
    const first = action.run(() => {
      calls++;
      return work.promise;
    }, 'fallback');
    const second = await action.run(async () => {
      calls++;
      return 'again';
    }, 'fallback');
    expect(second).toBeUndefined();
    work.resolve('once');
    expect(await first).toBe('once');
    expect(calls).toBe(1);
    expect(await action.run(async () => 'later', 'fallback')).toBe('later');
  });

  it('shows the API error’s translated message, else the generic one', async () => {
    const { action } = recorded();
    await action.run(
      () => Promise.reject(new ApiError({ code: 'not_enough_credits', message: 'Not enough credits', status: 402 })),
      'oops',
    );
    expect(action.state).toEqual({ busy: false, error: 'Not enough credits' });
    await action.run(() => Promise.reject(new Error('')), 'Something went wrong');
    expect(action.state.error).toBe('Something went wrong');
    await action.run(() => Promise.reject('not an error'), 'Something went wrong');
    expect(action.state.error).toBe('Something went wrong');
  });

  it('clears the last error when a run starts, and lets a caller word or hide a failure', async () => {
    const { action } = recorded();
    action.setError('check this field');
    const work = deferred<void>();
    const running = action.run(() => work.promise, 'fallback', { error: () => null });
    expect(action.state.error).toBeNull();
    work.reject(new Error('field issues shown beside the fields'));
    await running;
    expect(action.state).toEqual({ busy: false, error: null });
    await action.run(() => Promise.reject(new Error('x')), 'fallback', { error: (_, fallback) => `${fallback}!` });
    expect(action.state.error).toBe('fallback!');
  });

  it('after unmount aborts the work and reports nothing more', async () => {
    const { action, seen } = recorded();
    const work = deferred<void>();
    let signal: AbortSignal | undefined;
    const running = action.run((s) => {
      signal = s;
      return work.promise;
    }, 'fallback');
    const reported = seen.length;
    action.detach();
    expect(signal?.aborted).toBe(true);
    work.reject(new Error('aborted'));
    expect(await running).toBeUndefined();
    expect(seen).toHaveLength(reported);
  });

  it('renders idle, without an error, on the server', () => {
    function Probe() {
      const { busy, error } = useAsyncAction();
      return <p>{`${busy}:${error ?? 'none'}`}</p>;
    }
    const html = renderToString(
      <I18nextProvider i18n={createI18n('en', en)}>
        <Probe />
      </I18nextProvider>,
    );
    expect(html).toBe('<p>false:none</p>');
  });
});

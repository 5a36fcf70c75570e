import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAsyncAction } from './use-async-action';

describe('useAsyncAction', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the state of a call whose success handler throws, and lets no rejection escape', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() =>
      useAsyncAction(async (n: number) => n * 2, {
        onSuccess: () => {
          throw new Error('handler failed');
        },
      }),
    );
    act(() => result.current.run(21));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBe(42);
    // Vitest fails the run on an unhandled rejection; the hook hands the error to the console instead.
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'handler failed' })),
    );
  });

  it('counts only the latest call', async () => {
    let resolveFirst: (value: string) => void = () => undefined;
    const answers = [new Promise<string>((resolve) => (resolveFirst = resolve)), Promise.resolve('second')];
    const { result } = renderHook(() => useAsyncAction(() => answers.shift() as Promise<string>));
    act(() => result.current.run(undefined));
    act(() => result.current.run(undefined));
    await waitFor(() => expect(result.current.data).toBe('second'));
    await act(async () => resolveFirst('first'));
    expect(result.current.data).toBe('second');
  });
});

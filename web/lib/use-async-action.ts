// A form's call to the API and its state (busy, done, the answer), for the sign-in page's forms,
// which must work without TanStack Query: /login renders before the query client is loaded
// (decisions/015). Only the latest call's outcome counts.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

type State<TData, TInput> =
  | { status: 'idle'; data?: undefined; variables?: undefined }
  | { status: 'pending' | 'error'; data?: undefined; variables: TInput }
  | { status: 'success'; data: TData; variables: TInput };

export interface AsyncAction<TData, TInput> {
  run: (input: TInput) => void;
  reset: () => void;
  isPending: boolean;
  isSuccess: boolean;
  data: TData | undefined;
  variables: TInput | undefined;
}

export function useAsyncAction<TData, TInput>(
  action: (input: TInput) => Promise<TData>,
  handlers: { onSuccess?: (data: TData) => void; onError?: (error: unknown) => void } = {},
): AsyncAction<TData, TInput> {
  const [state, setState] = useState<State<TData, TInput>>({ status: 'idle' });
  const latest = useRef(0);
  // The newest props, read when the answer arrives (as a mutation reads its options).
  const current = useRef({ action, handlers });
  useLayoutEffect(() => {
    current.current = { action, handlers };
  });

  const run = useCallback((input: TInput) => {
    const call = ++latest.current;
    setState({ status: 'pending', variables: input });
    current.current
      .action(input)
      .then(
        (data) => {
          if (call !== latest.current) return;
          setState({ status: 'success', data, variables: input });
          current.current.handlers.onSuccess?.(data);
        },
        (error: unknown) => {
          if (call !== latest.current) return;
          setState({ status: 'error', variables: input });
          current.current.handlers.onError?.(error);
        },
      )
      // A handler that throws must not become an unhandled rejection (a mutation contains it too).
      .catch((error: unknown) => console.error(error));
  }, []);
  const reset = useCallback(() => {
    latest.current++;
    setState({ status: 'idle' });
  }, []);

  return {
    run,
    reset,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    data: state.data,
    variables: state.variables,
  };
}

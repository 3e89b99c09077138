import { useCallback, useEffect, useRef, useState } from 'react';

interface RequestCallbacks<Result> {
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
}

/**
 * One request a form sends, with its pending state: what the sign-in page needs of React
 * Query's useMutation, without React Query (the sign-in page's bundle leaves it out, to stay
 * small). As with useMutation, the callbacks are not called once the form has unmounted.
 */
export function useRequest<Input, Result>(send: (input: Input) => Promise<Result>) {
  const [isPending, setIsPending] = useState(false);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const run = useCallback(
    (input: Input, { onSuccess, onError }: RequestCallbacks<Result> = {}) => {
      setIsPending(true);
      send(input).then(
        (result) => {
          if (!isMounted.current) return;
          setIsPending(false);
          onSuccess?.(result);
        },
        (error: unknown) => {
          if (!isMounted.current) return;
          setIsPending(false);
          onError?.(error);
        },
      );
    },
    [send],
  );
  return { isPending, run };
}

// An early answer (lib/api.ts, askEarly) as the entry's skeleton shows it: its value at once when it
// is in, else once it arrives (a failed one leaves the skeleton as it is: the page shows the failure).
import { useEffect, useState } from 'react';

export function useEarlyAnswer<T>(
  early: { answer: Promise<T>; value: T | undefined } | undefined,
): T | undefined {
  const [arrived, setArrived] = useState(early?.value);
  const request = early?.answer;
  useEffect(() => {
    if (!request) return;
    let live = true;
    request.then(
      (value) => live && setArrived(value),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [request]);
  return early?.value ?? (request ? arrived : undefined);
}

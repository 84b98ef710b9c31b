import { useEffect, useState } from 'react';

/** `value`, once it has not changed for `ms` (the live preview is not asked at every key stroke). */
export function useDebounced<T>(value: T, ms = 400): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

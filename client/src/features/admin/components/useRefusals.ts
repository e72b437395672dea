import { useEffect, useRef, useState } from 'react';

/**
 * A form's refused save: texts at the fields they are about, or a banner when the refusal names
 * none. After each refusal the first marked field (else the banner) is brought into view and
 * focused; editing a field takes its text back until the next save.
 */
export function useRefusals<K extends string>() {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  // Bumped on every refusal, so the same refusal twice still moves the focus.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('.is-invalid') ??
      form?.querySelector<HTMLElement>('[role="alert"]');
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [refusals]);

  return {
    errors,
    banner,
    formRef,
    refuse: (fields: Partial<Record<K, string>>, text: string | null = null) => {
      setErrors(fields);
      setBanner(text);
      setRefusals((n) => n + 1);
    },
    clear: () => {
      setErrors({});
      setBanner(null);
    },
    settle: (key: K) =>
      setErrors((current) => {
        if (!(key in current)) return current;
        const rest = { ...current };
        delete rest[key];
        return rest;
      }),
  };
}

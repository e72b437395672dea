import type { ReactNode } from 'react';

export function RequireUser({ children }: { children: ReactNode }) {
  return children;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  return children;
}

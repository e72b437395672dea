/*
 * Checked by the server's typecheck, never run: `Accepts` takes a DTO looser than the body it
 * reads and refuses one that would refuse a body the contract allows.
 */
import type { Accepts } from './validation';

interface Body {
  name: string;
  url: string | null;
}

export type Looser = Accepts<{ name?: string; url?: string | null; sort?: number }, Body>;

// @ts-expect-error the DTO takes no null url, which the contract lets the client send
export type Stricter = Accepts<{ name: string; url: string }, Body>;

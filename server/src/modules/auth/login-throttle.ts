import { Injectable } from '@nestjs/common';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;
/** Past this many tracked keys, expired ones are swept so the map cannot grow without bound. */
const SWEEP_AT = 10_000;

/** Whose failures count: the login form (user or admin), the lower-cased name and the client IP. */
export interface LoginAttempt {
  scope: 'user' | 'admin';
  username: string;
  ip: string;
}

/**
 * Failed-login counters over a sliding 15-minute window. In memory per instance; the methods are
 * async so a shared store (Redis) can stand behind the same interface.
 */
@Injectable()
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  /** Seconds until this attempt may be made, or 0 when it may be made now. */
  retryAfter(attempt: LoginAttempt): Promise<number> {
    const now = Date.now();
    const waits = [
      this.wait(this.usernameKey(attempt), MAX_FAILURES_PER_USERNAME, now),
      this.wait(this.ipKey(attempt), MAX_FAILURES_PER_IP, now),
    ];
    return Promise.resolve(Math.max(...waits));
  }

  recordFailure(attempt: LoginAttempt): Promise<void> {
    const now = Date.now();
    if (this.failures.size > SWEEP_AT) this.sweep(now);
    for (const key of [this.usernameKey(attempt), this.ipKey(attempt)]) {
      const times = this.recent(key, now);
      times.push(now);
      this.failures.set(key, times);
    }
    return Promise.resolve();
  }

  /** A correct password clears the name's failures (not the IP's, or one account could reset it). */
  recordSuccess(attempt: LoginAttempt): Promise<void> {
    this.failures.delete(this.usernameKey(attempt));
    return Promise.resolve();
  }

  private usernameKey(attempt: LoginAttempt): string {
    return `${attempt.scope}:name:${attempt.username.toLowerCase()}`;
  }

  private ipKey(attempt: LoginAttempt): string {
    return `${attempt.scope}:ip:${attempt.ip}`;
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < THROTTLE_WINDOW_MS);
  }

  private wait(key: string, limit: number, now: number): number {
    const times = this.recent(key, now);
    if (times.length < limit) return 0;
    const unlockAt = times[times.length - limit] + THROTTLE_WINDOW_MS;
    return Math.max(1, Math.ceil((unlockAt - now) / 1000));
  }

  private sweep(now: number): void {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key, now).length === 0) this.failures.delete(key);
    }
  }
}

import { HttpStatus } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../common/app-error';

/**
 * How long a money move whose COMMIT got no answer (an adjustment, a redemption) is run again
 * while its caller waits: this many tries, the pause growing by `pauseMs` a try (~11 s of pauses).
 */
export interface Replaying {
  rounds: number;
  pauseMs: number;
}
export const REPLAYING: Replaying = { rounds: 8, pauseMs: 400 };

/**
 * The database did not answer again in time: the move may or may not have been made, so the
 * caller is told to look rather than to try again (trying again could make it twice).
 */
export const outcomeUnknown = () =>
  new AppError(
    'server.outcome_unknown',
    'the database stopped answering while this change was being saved: it may have been made, so check before making it again',
    HttpStatus.SERVICE_UNAVAILABLE,
  );

/**
 * Runs `replay`, which finds out whether the first attempt was applied and applies it if not (so
 * any number of runs make the move once), until it answers. An error `answers` says is an answer
 * (a refusal) and is thrown as it is; after the last try, `outcomeUnknown`.
 */
export async function replayUntilAnswered<T>(
  replay: () => Promise<T>,
  replaying: Replaying,
  answers: (error: unknown) => boolean = () => false,
): Promise<T> {
  for (let round = 1; ; round += 1) {
    try {
      return await replay();
    } catch (error) {
      if (answers(error)) throw error;
      if (round >= replaying.rounds) throw outcomeUnknown();
      await sleep(replaying.pauseMs * round);
    }
  }
}

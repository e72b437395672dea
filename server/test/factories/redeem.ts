import type { HttpClient } from '../http-client';
import { sleep } from '../topology/wait';

/**
 * A redemption as a client makes it: a 503 (a database statement timed out under the race and
 * nothing was changed) is tried again after its Retry-After, spread out, as the answer asks. The
 * races that use it are about what is redeemed, not about how fast an overloaded box answers.
 */
export async function redeemAsClient(client: HttpClient, code: string) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await client.post('/api/user/redeem_code.php', { code });
    if (answer.status !== 503 || attempt === 4) return answer;
    const wait = Number(answer.headers.get('retry-after') ?? 1) * 1000;
    await sleep(wait * (0.5 + Math.random()));
  }
}

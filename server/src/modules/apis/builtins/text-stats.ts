import { ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

const HAN = /\p{Script=Han}/gu;
const NON_HAN_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

function countMatches(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** Blank lines separate paragraphs; counted line by line to stay linear on any input. */
function countParagraphs(lines: readonly string[]): number {
  let count = 0;
  let inParagraph = false;
  for (const line of lines) {
    const blank = line.trim() === '';
    if (!blank && !inParagraph) count++;
    inParagraph = !blank;
  }
  return count;
}

const textStats: BuiltinHandler = (req) => {
  const text = requiredString(req, 'text', 100_000);
  const han = countMatches(text, HAN);
  const otherWords = countMatches(text.replace(HAN, ' '), NON_HAN_WORD);
  const codePoints = [...text];
  const lines = text.split(/\r\n|\r|\n/);
  return ok({
    characters: codePoints.length,
    characters_no_spaces: codePoints.filter((char) => !/\s/.test(char)).length,
    bytes_utf8: Buffer.byteLength(text, 'utf8'),
    words: han + otherWords,
    cjk_characters: han,
    lines: lines.length,
    paragraphs: countParagraphs(lines),
    sentences: text.split(/[.!?。！？]+/).filter((piece) => /[\p{L}\p{N}]/u.test(piece)).length,
    reading_time_seconds: Math.ceil((otherWords / 200 + han / 300) * 60),
  });
};

export const TEXT_STATS_HANDLERS = { 'text-stats': textStats } satisfies Record<
  string,
  BuiltinHandler
>;

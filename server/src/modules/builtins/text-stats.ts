import { ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

const HAN = /\p{Script=Han}/gu;
/** Letters and digits of other scripts (a Han character is a word of its own), joined by ' ’ -. */
const NON_HAN_WORD =
  /(?:[^\P{L}\p{Script=Han}]|[^\P{N}\p{Script=Han}])+(?:['’-](?:[^\P{L}\p{Script=Han}]|[^\P{N}\p{Script=Han}])+)*/gu;
/** From the first letter or digit after an end mark to the next one: one match per sentence. */
const SENTENCE = /[\p{L}\p{N}][^.!?。！？]*/gu;

/** Counts without building an array of the matches, which for 100 000 Han characters is slow. */
function countMatches(text: string, pattern: RegExp): number {
  let count = 0;
  pattern.lastIndex = 0;
  while (pattern.test(text)) count++;
  return count;
}

/** Lone surrogates are refused on input, so each high surrogate starts a pair. */
function countCodePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) count--;
  }
  return count;
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
  const otherWords = countMatches(text, NON_HAN_WORD);
  const lines = text.split(/\r\n|\r|\n/);
  return ok({
    characters: countCodePoints(text),
    characters_no_spaces: countCodePoints(text.replace(/\s/g, '')),
    bytes_utf8: Buffer.byteLength(text, 'utf8'),
    words: han + otherWords,
    cjk_characters: han,
    lines: lines.length,
    paragraphs: countParagraphs(lines),
    sentences: countMatches(text, SENTENCE),
    reading_time_seconds: Math.ceil((otherWords / 200 + han / 300) * 60),
  });
};

export const TEXT_STATS_HANDLERS = { 'text-stats': textStats } satisfies Record<
  string,
  BuiltinHandler
>;

import { randomInt } from 'node:crypto';
import { intParam, ok } from './params';
import { pick } from './pick';
import type { BuiltinHandler } from './types';

const LOREM_OPENING = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.';
const LOREM_WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum'.split(
    ' ',
  );

const lorem: BuiltinHandler = (req) => {
  const count = intParam(req, 'paragraphs', { min: 1, max: 10, fallback: 3 });
  const paragraphs = Array.from({ length: count }, (_, index) => loremParagraph(index === 0));
  return ok({ paragraphs, text: paragraphs.join('\n\n') });
};

function loremParagraph(first: boolean): string {
  const sentences = Array.from({ length: randomInt(4, 8) }, loremSentence);
  return (first ? [LOREM_OPENING, ...sentences] : sentences).join(' ');
}

function loremSentence(): string {
  const words = Array.from({ length: randomInt(6, 14) }, () => pick(LOREM_WORDS));
  const sentence = words.join(' ');
  return `${sentence[0].toUpperCase()}${sentence.slice(1)}.`;
}

export const LOREM_HANDLERS = { lorem } satisfies Record<string, BuiltinHandler>;

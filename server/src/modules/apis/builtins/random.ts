import { randomInt, randomUUID } from 'node:crypto';
import { boolParam, enumParam, intParam, invalidParam, ok } from './params';
import type { BuiltinHandler } from './types';

/** A uniformly chosen element, from the cryptographic generator so results are not predictable. */
export function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)];
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

const uuid: BuiltinHandler = (req) => {
  const count = intParam(req, 'count', { min: 1, max: 100, fallback: 1 });
  return ok({ count, uuids: Array.from({ length: count }, () => randomUUID()) });
};

const RANDOM_LIMIT = 1_000_000_000;

const randomNumber: BuiltinHandler = (req) => {
  const min = intParam(req, 'min', { min: -RANDOM_LIMIT, max: RANDOM_LIMIT, fallback: 1 });
  const max = intParam(req, 'max', { min: -RANDOM_LIMIT, max: RANDOM_LIMIT, fallback: 100 });
  const count = intParam(req, 'count', { min: 1, max: 100, fallback: 1 });
  const unique = boolParam(req, 'unique', false);
  if (min > max) throw invalidParam("parameter 'min' must not be greater than 'max'");
  if (unique && count > max - min + 1) {
    throw invalidParam(
      `parameter 'count' must be at most ${max - min + 1} for unique numbers between ${min} and ${max}`,
    );
  }
  return ok({ min, max, unique, numbers: drawNumbers(min, max, count, unique) });
};

function drawNumbers(min: number, max: number, count: number, unique: boolean): number[] {
  if (!unique) return Array.from({ length: count }, () => randomInt(min, max + 1));
  const drawn = new Set<number>();
  while (drawn.size < count) drawn.add(randomInt(min, max + 1));
  return [...drawn];
}

/** Look-alikes (l, I, O, 0, 1) are left out so passwords survive being read aloud or retyped. */
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*()-_=+[]{};:,.?';

const password: BuiltinHandler = (req) => {
  const length = intParam(req, 'length', { min: 6, max: 128, fallback: 16 });
  const count = intParam(req, 'count', { min: 1, max: 20, fallback: 1 });
  const symbols = boolParam(req, 'symbols', true);
  const classes = symbols ? [LOWER, UPPER, DIGITS, SYMBOLS] : [LOWER, UPPER, DIGITS];
  return ok({
    length,
    symbols,
    passwords: Array.from({ length: count }, () => makePassword(length, classes)),
  });
};

/** One character from every class first, so each password really contains them all. */
function makePassword(length: number, classes: readonly string[]): string {
  const alphabet = classes.join('');
  const chars = classes.map((set) => pick([...set]));
  while (chars.length < length) chars.push(alphabet[randomInt(alphabet.length)]);
  return shuffle(chars).join('');
}

const dice: BuiltinHandler = (req) => {
  const sides = intParam(req, 'sides', { min: 2, max: 100, fallback: 6 });
  const count = intParam(req, 'count', { min: 1, max: 100, fallback: 1 });
  const rolls = Array.from({ length: count }, () => randomInt(1, sides + 1));
  return ok({ sides, rolls, total: rolls.reduce((sum, roll) => sum + roll, 0) });
};

const coin: BuiltinHandler = (req) => {
  const count = intParam(req, 'count', { min: 1, max: 100, fallback: 1 });
  const flips = Array.from({ length: count }, () => pick(['heads', 'tails'] as const));
  const heads = flips.filter((flip) => flip === 'heads').length;
  return ok({ flips, heads, tails: count - heads });
};

const EN_MALE = [
  'James',
  'Oliver',
  'William',
  'Henry',
  'Lucas',
  'Benjamin',
  'Samuel',
  'Daniel',
  'Thomas',
  'Jack',
  'Noah',
  'Ethan',
  'Leo',
  'Owen',
  'Isaac',
  'Arthur',
  'Gabriel',
  'Adam',
  'Peter',
  'Victor',
];
const EN_FEMALE = [
  'Emma',
  'Olivia',
  'Charlotte',
  'Amelia',
  'Sophia',
  'Grace',
  'Alice',
  'Chloe',
  'Lucy',
  'Ella',
  'Hannah',
  'Clara',
  'Ruby',
  'Isla',
  'Mia',
  'Nora',
  'Eva',
  'Julia',
  'Rose',
  'Violet',
];
const EN_SURNAMES = [
  'Smith',
  'Johnson',
  'Brown',
  'Taylor',
  'Wilson',
  'Davies',
  'Evans',
  'Walker',
  'Wright',
  'Thompson',
  'White',
  'Hughes',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
  'Harris',
  'Clarke',
  'Lewis',
  'Turner',
  'Baker',
  'Carter',
  'Mitchell',
  'Cooper',
  'Morgan',
  'Bennett',
  'Parker',
  'Foster',
  'Hayes',
  'Reed',
];
const ZH_SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹'];
const ZH_MALE = [...'伟强磊军洋勇杰涛明超浩宇俊鹏辉博文轩晨昊'];
const ZH_FEMALE = [...'芳娜敏静丽婷雪琳欣怡悦萱涵佳梦雨思琪颖慧'];

type Gender = 'male' | 'female';

const randomName: BuiltinHandler = (req) => {
  const lang = enumParam(req, 'lang', ['en', 'zh'] as const, 'en');
  const wanted = enumParam(req, 'gender', ['male', 'female', 'any'] as const, 'any');
  const count = intParam(req, 'count', { min: 1, max: 20, fallback: 1 });
  const names = Array.from({ length: count }, () => {
    const gender: Gender = wanted === 'any' ? pick(['male', 'female'] as const) : wanted;
    return { name: lang === 'zh' ? chineseName(gender) : englishName(gender), gender };
  });
  return ok({ lang, names });
};

function englishName(gender: Gender): string {
  return `${pick(gender === 'male' ? EN_MALE : EN_FEMALE)} ${pick(EN_SURNAMES)}`;
}

function chineseName(gender: Gender): string {
  const given = gender === 'male' ? ZH_MALE : ZH_FEMALE;
  const length = randomInt(1, 3);
  return pick(ZH_SURNAMES) + Array.from({ length }, () => pick(given)).join('');
}

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

export const RANDOM_HANDLERS = {
  uuid,
  random: randomNumber,
  password,
  dice,
  coin,
  name: randomName,
  lorem,
} satisfies Record<string, BuiltinHandler>;

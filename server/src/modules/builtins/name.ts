import { randomInt } from 'node:crypto';
import { enumParam, intParam, ok } from './params';
import { pick } from './pick';
import type { BuiltinHandler } from './types';

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

export const NAME_HANDLERS = { name: randomName } satisfies Record<string, BuiltinHandler>;

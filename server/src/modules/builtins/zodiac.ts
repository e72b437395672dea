import { type CalendarDate, DAY_MS, dateParam, weekday } from './calendar';
import { ok } from './params';
import type { BuiltinHandler } from './types';

const ANIMALS = [
  ['Rat', '鼠'],
  ['Ox', '牛'],
  ['Tiger', '虎'],
  ['Rabbit', '兔'],
  ['Dragon', '龙'],
  ['Snake', '蛇'],
  ['Horse', '马'],
  ['Goat', '羊'],
  ['Monkey', '猴'],
  ['Rooster', '鸡'],
  ['Dog', '狗'],
  ['Pig', '猪'],
] as const;
const STEMS = '甲乙丙丁戊己庚辛壬癸';
const BRANCHES = '子丑寅卯辰巳午未申酉戌亥';

/** Western signs by the first day of each, in calendar order starting with Capricorn's tail. */
const SIGNS = [
  { start: [1, 20], name: 'Aquarius', name_zh: '水瓶座', symbol: '♒', dates: 'Jan 20 – Feb 18' },
  { start: [2, 19], name: 'Pisces', name_zh: '双鱼座', symbol: '♓', dates: 'Feb 19 – Mar 20' },
  { start: [3, 21], name: 'Aries', name_zh: '白羊座', symbol: '♈', dates: 'Mar 21 – Apr 19' },
  { start: [4, 20], name: 'Taurus', name_zh: '金牛座', symbol: '♉', dates: 'Apr 20 – May 20' },
  { start: [5, 21], name: 'Gemini', name_zh: '双子座', symbol: '♊', dates: 'May 21 – Jun 21' },
  { start: [6, 22], name: 'Cancer', name_zh: '巨蟹座', symbol: '♋', dates: 'Jun 22 – Jul 22' },
  { start: [7, 23], name: 'Leo', name_zh: '狮子座', symbol: '♌', dates: 'Jul 23 – Aug 22' },
  { start: [8, 23], name: 'Virgo', name_zh: '处女座', symbol: '♍', dates: 'Aug 23 – Sep 22' },
  { start: [9, 23], name: 'Libra', name_zh: '天秤座', symbol: '♎', dates: 'Sep 23 – Oct 23' },
  { start: [10, 24], name: 'Scorpio', name_zh: '天蝎座', symbol: '♏', dates: 'Oct 24 – Nov 21' },
  {
    start: [11, 22],
    name: 'Sagittarius',
    name_zh: '射手座',
    symbol: '♐',
    dates: 'Nov 22 – Dec 21',
  },
  { start: [12, 22], name: 'Capricorn', name_zh: '摩羯座', symbol: '♑', dates: 'Dec 22 – Jan 19' },
] as const;

function westernSign(month: number, day: number) {
  const sign = [...SIGNS]
    .reverse()
    .find(({ start }) => month > start[0] || (month === start[0] && day >= start[1]));
  const { name, name_zh, symbol, dates } = sign ?? SIGNS[SIGNS.length - 1];
  return { name, name_zh, symbol, dates };
}

const chineseYearFormat = new Intl.DateTimeFormat('en-u-ca-chinese', {
  timeZone: 'UTC',
  year: 'numeric',
});

/** The Chinese year begins at Chinese New Year, so January and February births may belong to the year before. */
function chineseZodiac(date: CalendarDate) {
  const related = chineseYearFormat
    .formatToParts(date.ms + DAY_MS / 2)
    .find((p) => (p.type as string) === 'relatedYear');
  const lunarYear = related ? Number(related.value) : date.year;
  const cycle = (((lunarYear - 4) % 60) + 60) % 60;
  const [animal, animalZh] = ANIMALS[cycle % 12];
  return {
    animal,
    animal_zh: animalZh,
    lunar_year: lunarYear,
    ganzhi: STEMS[cycle % 10] + BRANCHES[cycle % 12],
  };
}

function ageOn(birth: CalendarDate, today: Date): number | null {
  const years = today.getUTCFullYear() - birth.year;
  const hadBirthday =
    today.getUTCMonth() + 1 > birth.month ||
    (today.getUTCMonth() + 1 === birth.month && today.getUTCDate() >= birth.day);
  const age = hadBirthday ? years : years - 1;
  return age >= 0 ? age : null;
}

const zodiac: BuiltinHandler = (req) => {
  const date = dateParam(req, 'date', 1900, 2100);
  return ok({
    date: date.text,
    weekday: weekday(date.ms),
    age: ageOn(date, new Date()),
    chinese_zodiac: chineseZodiac(date),
    zodiac_sign: westernSign(date.month, date.day),
  });
};

export const ZODIAC_HANDLERS = { zodiac } satisfies Record<string, BuiltinHandler>;

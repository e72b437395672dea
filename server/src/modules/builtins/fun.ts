import { enumParam, ok } from './params';
import { pick } from './pick';
import type { BuiltinHandler } from './types';

interface Quote {
  content: string;
  author: string;
}

const QUOTES_EN: readonly Quote[] = [
  { content: 'The unexamined life is not worth living.', author: 'Socrates' },
  { content: 'I think, therefore I am.', author: 'René Descartes' },
  { content: 'Knowledge is power.', author: 'Francis Bacon' },
  { content: 'To be, or not to be, that is the question.', author: 'William Shakespeare' },
  { content: 'Brevity is the soul of wit.', author: 'William Shakespeare' },
  { content: 'All that glisters is not gold.', author: 'William Shakespeare' },
  { content: 'A journey of a thousand miles begins with a single step.', author: 'Lao Tzu' },
  { content: 'I came, I saw, I conquered.', author: 'Julius Caesar' },
  { content: 'Give me a place to stand, and I shall move the earth.', author: 'Archimedes' },
  {
    content: 'If I have seen further, it is by standing on the shoulders of giants.',
    author: 'Isaac Newton',
  },
  { content: 'Well done is better than well said.', author: 'Benjamin Franklin' },
  { content: 'Lost time is never found again.', author: 'Benjamin Franklin' },
  {
    content: 'Early to bed and early to rise makes a man healthy, wealthy, and wise.',
    author: 'Benjamin Franklin',
  },
  { content: 'Give me liberty, or give me death!', author: 'Patrick Henry' },
  {
    content: 'We hold these truths to be self-evident, that all men are created equal.',
    author: 'Thomas Jefferson',
  },
  { content: 'A house divided against itself cannot stand.', author: 'Abraham Lincoln' },
  {
    content:
      'Government of the people, by the people, for the people, shall not perish from the earth.',
    author: 'Abraham Lincoln',
  },
  { content: 'The mass of men lead lives of quiet desperation.', author: 'Henry David Thoreau' },
  { content: 'It was the best of times, it was the worst of times.', author: 'Charles Dickens' },
  {
    content:
      'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.',
    author: 'Jane Austen',
  },
  {
    content: 'Happy families are all alike; every unhappy family is unhappy in its own way.',
    author: 'Leo Tolstoy',
  },
  { content: 'The pen is mightier than the sword.', author: 'Edward Bulwer-Lytton' },
  { content: 'Music is the universal language of mankind.', author: 'Henry Wadsworth Longfellow' },
  { content: 'What does not kill me makes me stronger.', author: 'Friedrich Nietzsche' },
  {
    content: 'Nothing in life is to be feared, it is only to be understood.',
    author: 'Marie Curie',
  },
  {
    content: 'Genius is one percent inspiration and ninety-nine percent perspiration.',
    author: 'Thomas Edison',
  },
  { content: 'Imagination is more important than knowledge.', author: 'Albert Einstein' },
  { content: 'The only thing we have to fear is fear itself.', author: 'Franklin D. Roosevelt' },
  {
    content: 'Ask not what your country can do for you — ask what you can do for your country.',
    author: 'John F. Kennedy',
  },
  {
    content: "That's one small step for a man, one giant leap for mankind.",
    author: 'Neil Armstrong',
  },
  {
    content: 'Injustice anywhere is a threat to justice everywhere.',
    author: 'Martin Luther King Jr.',
  },
  {
    content: 'Education is the most powerful weapon which you can use to change the world.',
    author: 'Nelson Mandela',
  },
  { content: 'Premature optimization is the root of all evil.', author: 'Donald Knuth' },
  {
    content:
      'Programs must be written for people to read, and only incidentally for machines to execute.',
    author: 'Harold Abelson',
  },
  {
    content:
      'There are only two hard things in Computer Science: cache invalidation and naming things.',
    author: 'Phil Karlton',
  },
  { content: 'The best way to predict the future is to invent it.', author: 'Alan Kay' },
  { content: 'Talk is cheap. Show me the code.', author: 'Linus Torvalds' },
];

const QUOTES_ZH: readonly Quote[] = [
  { content: '学而时习之，不亦说乎？', author: '孔子《论语》' },
  { content: '三人行，必有我师焉。', author: '孔子《论语》' },
  { content: '知之为知之，不知为不知，是知也。', author: '孔子《论语》' },
  { content: '千里之行，始于足下。', author: '老子《道德经》' },
  { content: '上善若水。水善利万物而不争。', author: '老子《道德经》' },
  { content: '天行健，君子以自强不息。', author: '《周易》' },
  { content: '生于忧患，死于安乐。', author: '孟子' },
  { content: '不积跬步，无以至千里；不积小流，无以成江海。', author: '荀子《劝学》' },
  { content: '路漫漫其修远兮，吾将上下而求索。', author: '屈原《离骚》' },
  { content: '非淡泊无以明志，非宁静无以致远。', author: '诸葛亮《诫子书》' },
  { content: '海内存知己，天涯若比邻。', author: '王勃《送杜少府之任蜀州》' },
  { content: '长风破浪会有时，直挂云帆济沧海。', author: '李白《行路难》' },
  { content: '会当凌绝顶，一览众山小。', author: '杜甫《望岳》' },
  { content: '欲穷千里目，更上一层楼。', author: '王之涣《登鹳雀楼》' },
  { content: '业精于勤，荒于嬉；行成于思，毁于随。', author: '韩愈《进学解》' },
  { content: '先天下之忧而忧，后天下之乐而乐。', author: '范仲淹《岳阳楼记》' },
  { content: '纸上得来终觉浅，绝知此事要躬行。', author: '陆游《冬夜读书示子聿》' },
  { content: '人生自古谁无死，留取丹心照汗青。', author: '文天祥《过零丁洋》' },
];

const LANGS = ['en', 'zh'] as const;

const quote: BuiltinHandler = (req) => {
  const lang = enumParam(req, 'lang', LANGS, 'en');
  return ok({ lang, ...pick(lang === 'zh' ? QUOTES_ZH : QUOTES_EN) });
};

const JOKES_EN = [
  'Why do programmers prefer dark mode? Because light attracts bugs.',
  "Why do Java developers wear glasses? Because they don't C#.",
  "How many programmers does it take to change a light bulb? None — that's a hardware problem.",
  'Why did the developer go broke? He used up all his cache.',
  'Why do programmers mix up Halloween and Christmas? Because Oct 31 == Dec 25.',
  'A SQL query walks into a bar, goes up to two tables and asks: "Can I join you?"',
  "There are 10 kinds of people in the world: those who understand binary and those who don't.",
  'I would tell you a UDP joke, but you might not get it.',
  'To understand recursion, you must first understand recursion.',
  "Why don't bachelors like Git? They are afraid to commit.",
  'Debugging is like being the detective in a crime movie where you are also the murderer.',
  "Knock, knock. Race condition. Who's there?",
  "What is a programmer's favourite place to hang out? The Foo Bar.",
  "!false — it's funny because it's true.",
  "It works on my machine. Then we'll ship your machine.",
];

const JOKES_ZH = [
  '程序员最讨厌的两件事：一是写文档，二是别人不写文档。',
  '为什么程序员分不清万圣节和圣诞节？因为 Oct 31 == Dec 25。',
  '“这段代码为什么能跑？”“不知道。”“那为什么不能跑了？”“也不知道。”',
  '程序员的三大谎言：马上就好、我没改过那里、下个版本一定修。',
  '产品经理说这个需求很简单，程序员听完默默打开了招聘网站。',
  '世界上最遥远的距离，是我在 if 里，你在 else 里。',
  '我写的代码只有两个人看得懂：我和上帝。现在只剩上帝了。',
  '删库跑路之前，记得先确认备份是能恢复的。',
];

const joke: BuiltinHandler = (req) => {
  const lang = enumParam(req, 'lang', LANGS, 'en');
  return ok({ lang, joke: pick(lang === 'zh' ? JOKES_ZH : JOKES_EN) });
};

export const FUN_HANDLERS = { quote, joke } satisfies Record<string, BuiltinHandler>;

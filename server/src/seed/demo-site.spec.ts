import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ADS, DEMO_FRIEND_LINKS, DEMO_PARTNERS } from './demo-site';

const PUBLIC_DIR = join(__dirname, '../../../client/public');

/** The words an image draws (its SVG text elements). */
const drawnText = (path: string) =>
  [...readFileSync(join(PUBLIC_DIR, path), 'utf8').matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(
    ([, text]) => text,
  );

describe('demo site images', () => {
  // A page in either language shows the same image, so it may draw a name but no sentence:
  // what an ad says is its title and description, written in both languages.
  it('draw at most one name each, the same on an English and a 中文 page', () => {
    const images = [
      ...DEMO_ADS.map((ad) => ad.image_url),
      ...DEMO_PARTNERS.map((partner) => partner.logo_url),
      ...DEMO_FRIEND_LINKS.map((link) => link.avatar_url ?? ''),
    ].filter((path) => path.startsWith('/demo/'));
    expect(images.length).toBeGreaterThanOrEqual(10);
    const sentences = images.flatMap((path) =>
      drawnText(path)
        .filter((text) => text.trim().split(/\s+/).length > 2)
        .map((text) => `${path}: ${text}`),
    );
    expect(sentences).toEqual([]);
  });
});

import { SaxesParser } from 'saxes';

/**
 * The text of every element of an XML document, by element name in document order, read by a
 * strict parser: a document that is not well-formed XML throws.
 */
export function xmlTexts(xml: string): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  const open: { name: string; text: string }[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => open.push({ name: tag.local, text: '' }));
  parser.on('text', (text) => {
    for (const element of open) element.text += text;
  });
  parser.on('closetag', () => {
    const element = open.pop()!;
    texts.set(element.name, [...(texts.get(element.name) ?? []), element.text]);
  });
  parser.write(xml).close();
  return texts;
}
